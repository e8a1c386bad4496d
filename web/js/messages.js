// messages.js — the page's strings in other languages, keyed by the English text.
// One object per language; a missing entry shows the English. The catalogues in po/
// hold the same texts for the command line; these tables are fed from them.
export const catalogues = {
  fr: {},
  ru: {},
};
