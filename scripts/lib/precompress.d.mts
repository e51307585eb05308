export declare function precompress(buildDir: string, options?: { concurrency?: number }): Promise<{ files: number; raw: number; br: number }>;
