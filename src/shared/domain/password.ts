/**
 * What a password is, before it is hashed or checked (decision 105): Unicode NFKC (a full-width "Ａ" and an
 * "A", a no-break space and a space, are one character each), without invisible characters (zero-width
 * spaces and joiners, direction marks, word joiners, byte-order marks, soft hyphens: a paste from a
 * document or a password manager carries them unseen), and without spaces around it. Set and sign-in both
 * go through here, so a password typed either way works the same.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;

export const normalisePassword = (password: string): string => password.normalize('NFKC').replace(INVISIBLE, '').trim();

/** The demo's shared password (the seed's users), published in the README: refused as anyone's own (decision 105). */
export const DEMO_PASSWORD = 'hoursight-demo';
