/** (CUSTOM) Wraps the blog's authors page to give it a description (the theme sets a title only). */
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';
import { withDescription } from '@site/src/components/WithDescription';
import { blog } from '@site/src/data/blog';

export default withDescription(BlogAuthorsListPage, blog.authorsDescription);
