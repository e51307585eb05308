/** (CUSTOM) Wraps the /search page to give it a description (the theme sets a title only). */
import SearchPage from '@theme-original/SearchPage';
import { withDescription } from '@site/src/components/WithDescription';
import { searchPageDescription } from '@site/src/data/ui';

export default withDescription(SearchPage, searchPageDescription);
