export declare const targets: ReadonlyArray<{ input: string; output: string }>;
export declare function generate(input: string): Promise<string>;
