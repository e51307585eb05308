/** (CUSTOM) Wraps the blog's tags page to give it a description (the theme sets a title only). */
import BlogTagsListPage from '@theme-original/BlogTagsListPage';
import { withDescription } from '@site/src/components/WithDescription';
import { blog } from '@site/src/data/blog';

export default withDescription(BlogTagsListPage, blog.tagsDescription);
