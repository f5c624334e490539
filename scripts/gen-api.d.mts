export declare const targets: ReadonlyArray<{ input: string; output: string }>;
export declare const dereferencedTargets: ReadonlyArray<{ input: string; output: string }>;
export declare function generate(input: string): Promise<string>;
export declare function generateDereferenced(input: string): Promise<string>;
