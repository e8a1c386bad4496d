// i18n.js — the page's strings: every text a person reads goes through t().
//
// The message table is keyed by the English text (as gettext is), with {0}, {1}...
// for the values put in. English needs no table; the other languages' tables live in
// messages-LANG.js, one module per language (gathered by messages.js), so the
// catalogues (po/) can feed them (scripts/po2js.sh).
// Switching language re-renders the page from the state it holds: no reload.
import { catalogues, plurals } from './messages.js';

let lang = 'en';
const listeners = [];

// The languages the page offers: English plus every table in messages.js.
export function languages() {
  return ['en', ...Object.keys(catalogues)];
}

export function language() {
  return lang;
}

// Chooses the language; unknown codes fall back to English. Tells the listeners.
export function setLanguage(code) {
  const next = languages().includes(code) ? code : 'en';
  if (next === lang) return;
  lang = next;
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLanguage(f) {
  listeners.push(f);
}

function fill(text, args) {
  return text.replace(/\{(\d+)\}/g, (m, i) => (args[i] === undefined ? m : String(args[i])));
}

// The text in the current language, with {N} replaced by args[N].
export function t(english, ...args) {
  const table = catalogues[lang];
  return fill((table && table[english]) || english, args);
}

// A text where a number meets a noun (gettext's ngettext): the form the language's
// rule picks for n (French: 1 / 2 and more; Russian: 1, 21 / 2-4, 22-24 / 5-20, 0,
// 25...; the catalogues' own Plural-Forms), English one for 1 and many otherwise;
// {N} replaced by args[N] as t() does (n is not put in unless given among args).
export function nt(one, many, n, ...args) {
  const p = plurals[lang];
  const forms = p && p.forms[one];
  const count = Math.abs(Math.trunc(Number(n)));
  let text = count === 1 ? one : many;
  if (forms && forms.length > 0) text = forms[p.rule(count)] || forms[0];
  return fill(text, args);
}

// The word for an id of the rules (a formation, an order kind, "won"...) in the
// current language: the catalogues' entry with message context ctx (msgctxt, the
// contexts of the command line's text, docs/i18n.md: keyed "ctx\u0004id" in
// messages-LANG.js). With none (English, whose catalogue is the source text, or a house
// rule's id) the id is humanised: "artillery_change_direction" reads "artillery change
// direction", "attack-column" "attack column" ("semi-regular" keeps its hyphen).
export function tw(ctx, id) {
  const table = catalogues[lang];
  return (table && table[`${ctx}\u0004${id}`]) || humanise(id);
}

export function humanise(id) {
  return String(id).replace(/[_-]/g, ' ').replace(/^semi /, 'semi-');
}

// English text marked for the catalogues but translated later (a table of labels).
export function N_(english) {
  return english;
}

// The text of every element carrying data-i18n (its English text) and data-i18n-label
// (its aria-label), as the static page holds them.
export function translateStatic(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) {
    el.setAttribute('aria-label', t(el.dataset.i18nLabel));
    el.title = t(el.dataset.i18nLabel);
  }
}
