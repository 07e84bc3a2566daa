export declare const WEB_STAMP: string;
export declare const EMBEDDED_ENV: RegExp;
export declare function webBuildInputsHash(root: string, env?: Record<string, string | undefined>): string;
export declare function webBuildNeeded(root: string, env?: Record<string, string | undefined>): string | null;
