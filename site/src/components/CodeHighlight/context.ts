import { createContext, useContext } from 'react';

/** The build-time highlighted lines of the code block being rendered (see config/codeHighlight.ts). */
export const CodeHtmlContext = createContext<string | undefined>(undefined);

export function useCodeHtml(): string | undefined {
  return useContext(CodeHtmlContext);
}
