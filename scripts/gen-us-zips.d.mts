export declare const output: string;
export declare function packagedZips(): { version: string; zips: string[] };
export declare function generate(): string;
