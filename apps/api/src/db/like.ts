/** LIKE treats % and _ as wildcards: a user typing them means the characters themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
