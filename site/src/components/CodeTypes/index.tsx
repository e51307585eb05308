import React, { type ReactNode } from 'react';

/**
 * The page's table of quick-info strings (config/codeTypes.ts appends one per page with typed code):
 * identifiers in code blocks refer to an entry by index, and client.ts shows it on hover or tap. JSON in
 * an inert script, so it costs no rendering and no search engine reads it as text.
 */
export default function CodeTypes({ types }: { types: string }): ReactNode {
  return (
    <script
      type="application/json"
      data-code-types=""
      // `<` escaped so that no `</script>` inside a type can end the element.
      dangerouslySetInnerHTML={{ __html: types.replace(/</g, '\\u003c') }}
    />
  );
}
