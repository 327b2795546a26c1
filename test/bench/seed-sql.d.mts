export declare const SEED_ID_BASE: number;
export declare const SEED_USERS: number;
export declare const SEED_CHANNEL_ID: number;
export declare function seedBase(options?: { messages?: number; notices?: number; resources?: number }): string[];
export declare function seedPosts(count: number): string[];
export declare function seedPayments(count: number): string[];
export declare const SEEDED_REVENUE_PATH: string;
