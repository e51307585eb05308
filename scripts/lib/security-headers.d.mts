export declare const MANIFEST: string;
export declare const PERMISSIONS_POLICY: string;
export declare const REFERRER_POLICY: string;
export declare const HSTS: string;
export type Directives = Record<string, string[]>;
export declare function inlineScriptHashes(html: string): Set<string>;
export declare function buildScriptHashes(buildDir: string): string[];
export declare function cspDirectives(input: { scriptHashes: string[]; searchHosts: string[]; scriptUrls?: string[]; analytics?: boolean }): Directives;
export declare function cspString(directives: Directives): string;
export declare function securityHeaders(directives: Directives, options: { https: boolean }): Record<string, string>;
export declare function headersFile(directives: Directives, options: { https: boolean }): string;
export declare function writeSecurityHeaders(
  buildDir: string,
  config: { searchHosts: string[]; scriptUrls?: string[]; analytics?: boolean; https?: boolean },
): { directives: Directives; scriptHashes: string[] };
export declare function readSecurityHeaders(buildDir: string): Directives | null;
