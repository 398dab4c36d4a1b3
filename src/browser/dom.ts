/**
 * The markup contract of the chrome's scripts: the plain-Astro parts (header, toasts, floating
 * buttons …) are written in .astro files and driven by scripts beside them, which find their
 * elements by selector. A selector that finds nothing means the markup and its script have drifted
 * apart; `$()` says so at once, naming the selector, instead of an `as` cast that fails later as
 * "cannot read properties of null" somewhere else.
 */

/** Something to search in: an element, a document, a template's content. */
export type Root = { querySelector(selector: string): Element | null };

/** A selector found nothing: the markup and the script that drives it disagree. */
export class MissingElementError extends Error {
  readonly selector: string;
  constructor(selector: string) {
    super(`missing element: ${selector}`);
    this.name = 'MissingElementError';
    this.selector = selector;
  }
}

/**
 * The first element under `root` that matches `selector`; throws MissingElementError when there is
 * none. The element type follows a tag name (`'button'` → HTMLButtonElement) or is given (`$<HTMLTemplateElement>(…)`).
 */
export function $<K extends keyof HTMLElementTagNameMap>(root: Root, selector: K): HTMLElementTagNameMap[K];
export function $<K extends keyof SVGElementTagNameMap>(root: Root, selector: K): SVGElementTagNameMap[K];
export function $<E extends Element = HTMLElement>(root: Root, selector: string): E;
export function $(root: Root, selector: string): Element {
  const el = root.querySelector(selector);
  if (!el) throw new MissingElementError(selector);
  return el;
}

/** A copy of a <template>'s first element (`deep`: with its children); throws when the template is empty. */
export function fromTemplate<E extends Element = HTMLElement>(template: HTMLTemplateElement, deep = true): E {
  const el = template.content.firstElementChild;
  if (!el) throw new MissingElementError('template > *');
  // cloneNode() is typed as Node; a copy of an element is an element of the same kind.
  return el.cloneNode(deep) as E;
}
