import type { Rule } from 'eslint';

export declare const siteIdMintRule: Rule.RuleModule;
export declare const MINT_USERS: Record<string, string[]>;
