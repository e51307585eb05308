import type { Browser } from 'playwright-core';

export declare const BASELINE_JS_KB: number;
export declare const JS_BUDGETS: Record<string, number>;
export interface JsWeight {
  loaded: { count: number; raw: number; gzip: number };
  prefetched: { count: number; gzip: number };
  largest: string[];
}
export declare function jsWeight(browser: Pick<Browser, 'newContext'>, url: string): Promise<JsWeight>;
