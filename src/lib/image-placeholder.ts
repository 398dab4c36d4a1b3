/**
 * What a user-supplied picture that fails to load (a friend link's avatar, a cover, a talk picture,
 * an album photo) shows instead of the browser's broken-image glyph: a small picture outline in the
 * middle of a 120 px square, in a grey that reads on light and dark surfaces. An SVG data URI (the
 * CSP allows data: images), with its own size so it never counts as broken (naturalWidth 120).
 */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" fill="none" stroke="#8a94a6" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"><rect x="38" y="42" width="44" height="36" rx="5"/><circle cx="51" cy="54" r="4"/><path d="M39 73l13-12 9 8 7-6 14 12"/></svg>',
)}`;

/** The attribute a replaced image carries (CSS gives it the surface behind the outline). */
export const BROKEN_ATTR = 'data-broken';
