// result.js — the strip under the tabs saying what the last action did (its roll line,
// or the server's refusal), with the whole record folded under it.
import { el, clear, button } from './dom.js';
import { t } from './i18n.js';
import { recordView } from './record.js';
import { state, $ } from './state.js';

export function setResult(r) {
  state.result = r;
  state.showRecord = false;
  renderResult();
}

export function renderResult() {
  const r = state.result;
  const box = $('result');
  if (!r) return clear(box);
  const line = el('div', { class: `line${r.error ? ' error' : ''}${state.showRecord ? ' open' : ''}`, dataset: { seq: r.seq || '' } },
    el('span', { class: 'text' }, r.line),
    r.records && r.records.length ? button(state.showRecord ? t('Hide record') : t('Record'),
      () => { state.showRecord = !state.showRecord; renderResult(); }, { 'aria-expanded': state.showRecord ? 'true' : 'false' }) : null,
    button('×', () => setResult(null), { class: 'icon', 'aria-label': t('Dismiss') }));
  clear(box, line, state.showRecord && r.records ? el('div', { class: 'record-box' }, r.records.map((x) => recordView(x))) : null);
}
