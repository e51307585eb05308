/**
 * (CUSTOM) The 404 page's content: suggestions for the missing path (src/components/NotFound) in
 * place of the theme's two sentences. The page around it (title, layout) stays the theme's.
 */
import NotFound from '@site/src/components/NotFound';

export default NotFound;
