export declare const SEED_ID_BASE: number;
export declare const SEED_USERS: number;
export declare const SEED_CHANNEL_ID: number;
export declare function seedBase(options?: { messages?: number; notices?: number; resources?: number }): string[];
export declare function seedPosts(count: number): string[];
export declare const SEED_PROGRAM_ID: number;
export declare const SEED_LESSON_ID: number;
export declare function seedPrograms(count: number, options?: { from?: number }): string[];
