/**
 * What a user-supplied picture that fails to load (a friend link's avatar, a cover, a talk picture,
 * an album photo) shows instead of the browser's broken-image glyph: public/img-placeholder.svg, a
 * small picture outline in the middle of a 120 px square, in a grey that reads on light and dark
 * surfaces. A file of the site rather than a data: URI, so no page carries an SVG data URL; it has its
 * own size, so it never counts as broken (naturalWidth 120).
 */
export const IMAGE_PLACEHOLDER = '/img-placeholder.svg';

/** The attribute a replaced image carries; its value is the address that failed. */
export const BROKEN_ATTR = 'data-broken';
