// punto-banco's pages, 2 of 6: helpers, cards and the golden tableau.

'use strict';

// ---------------------------------------------------------------------------------------------
// Small helpers: building elements, formatting numbers, calling the API.

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'test') el.dataset.test = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'value') el.value = v;
    else if (k === 'checked' || k === 'disabled' || k === 'selected') el[k] = Boolean(v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function locale() {
  return state.lang === 'fr' ? 'fr-FR' : 'en-GB';
}

function fmtNumber(x, digits) {
  return new Intl.NumberFormat(locale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(x).replace('-', '−');
}

function fmtInt(x) {
  // Counts come as decimal strings, beyond a double's exact range: group the digits by hand.
  const s = String(x);
  const sep = state.lang === 'fr' ? '\u202f' : ',';
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function fmtPercent(x, digits = 4) {
  return fmtNumber(x, digits) + (state.lang === 'fr' ? '\u00a0%' : '%');
}

function fmtSigned(x, digits) {
  const s = fmtNumber(x, digits);
  return x > 0 ? `+${s}` : s;
}

function fmtSignedInt(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return '0';
}

function betName(key) {
  if (key === 'punto' || key === 'banco' || key === 'tie') return t(key);
  return key.split(/[_-]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

class ApiError extends Error {}

/** Calls `/api/v1/<command>`: GET with the options in the query, or POST with a JSON body. */
async function api(command, options = {}, { method = 'GET', svg = false } = {}) {
  let url = `/api/v1/${command}`;
  const init = { method, headers: {} };
  if (method === 'GET') {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(options)) query.set(k, Array.isArray(v) ? v.join(',') : v);
    if (svg) query.set('format', 'svg');
    const q = query.toString();
    if (q) url += `?${q}`;
  } else {
    if (svg) url += '?format=svg';
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = JSON.parse(text).error || text;
    } catch (_) {
      // The body was not JSON: show it as it is.
    }
    throw new ApiError(message || `${response.status} ${response.statusText}`);
  }
  return svg ? text : JSON.parse(text);
}

/** An <img> showing an SVG document returned by the API. */
function svgImage(svgText, alt, test) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  return h('img', { class: 'chart', src: url, alt, test });
}

function errorBox(e, test = 'error') {
  return h('div', { class: 'error', test, role: 'alert' }, t('error', e.message || String(e)));
}

async function rulesDoc() {
  // The rules document has no words: one for both languages (the letters are the page's).
  if (!state.rulesDoc.doc) state.rulesDoc.doc = await api('rules');
  state.rulesDoc[state.lang] = state.rulesDoc.doc;
  return state.rulesDoc[state.lang];
}

// ---------------------------------------------------------------------------------------------
// Cards: an eight-deck shoe shuffled with the browser's cryptographic generator.

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const SUIT_SYMBOL = { S: '♠', H: '♥', D: '♦', C: '♣' };

function cardLabel(code) {
  return code.slice(0, -1) + SUIT_SYMBOL[code.slice(-1)];
}

function isRed(label) {
  return /[♥♦HD]$/.test(label);
}

/** A uniform whole number below `n`, by rejection (no modulo bias). */
function randomBelow(n) {
  const limit = Math.floor(0x100000000 / n) * n;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return word[0] % n;
  }
}

function shuffledShoe(decks) {
  const shoe = [];
  for (let d = 0; d < decks; d++) for (const r of RANKS) for (const s of SUITS) shoe.push(r + s);
  for (let i = shoe.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [shoe[i], shoe[j]] = [shoe[j], shoe[i]];
  }
  return shoe;
}

function cardEl(label, fresh) {
  return h('span', { class: `card${isRed(label) ? ' red' : ''}${fresh ? ' new' : ''}`, test: 'card' }, label);
}

// ---------------------------------------------------------------------------------------------
// The golden tableau, drawn from the rules document, with cells that can be highlighted.

function cellClass(action) {
  return action === 'draw' ? 'draw' : action === 'stand' ? 'stand' : 'natural';
}

function letter(action) {
  const key = { draw: 'letter_draw', stand: 'letter_stand', natural: 'letter_natural' }[action];
  return key ? t(key) : String(action);
}

function columnKey(third) {
  return third === null || third === undefined ? 'stood' : String(third);
}

/** The tableau as a table; `mark(hand, row, column)` returns extra classes for a cell. */
function tableauEl(doc, mark = () => '') {
  const columns = doc.banco[0].cells.map((c) => c.punto_third_card);
  const head = h('tr', {},
    h('th', {}, `${t('banco_total')} \\ ${t('third_card')}`),
    columns.map((c) => h('th', { test: `col-${columnKey(c)}` }, c === null ? t('stood') : String(c))));
  const rows = doc.banco.map((row) => h('tr', {},
    h('th', { test: `row-${row.banco_total}` }, String(row.banco_total)),
    row.cells.map((cell) => h('td', {
      class: `${cellClass(cell.action)} ${mark('banco', row.banco_total, columnKey(cell.punto_third_card))}`,
      test: `cell-${row.banco_total}-${columnKey(cell.punto_third_card)}`,
    }, letter(cell.action)))));
  const punto = h('table', { class: 'tableau', test: 'punto-row' },
    h('tr', {}, h('th', {}, t('punto_total')), doc.punto.map((p) => h('th', {}, String(p.punto_total)))),
    h('tr', {}, h('th', {}, t('action')), doc.punto.map((p) => h('td', {
      class: `${cellClass(p.action)} ${mark('punto', p.punto_total, null)}`,
      test: `punto-${p.punto_total}`,
    }, letter(p.action)))));
  return h('div', { class: 'scroll' },
    h('table', { class: 'tableau', test: 'tableau' }, head, rows),
    punto,
    h('p', { class: 'muted' }, t('legend')));
}
