// punto-banco's pages: the teaching session, the checker, the bet designer and the analysis,
// in plain JavaScript over the server's REST API (`/api/v1/<command>`), which returns the very
// documents the command line prints with `--format json`. Nothing here knows the drawing rules
// or computes a figure: every explanation, settlement and probability comes from the API.
// Six classic scripts sharing one global scope, run in the order index.html lists them
// (strings, common, session, checker, designer, app); this one, the last, holds the analysis
// and the routing that starts the page.

'use strict';

// ---------------------------------------------------------------------------------------------
// Analysis and decisions.

const analysis = { decks: 8, rules: 'reference', remove: '', doc: null, decisions: null, svg: null, error: null, busy: false };

const SHIPPED = ['reference', 'reference-6-decks', 'tie-9-to-1', 'banco-4-percent', 'super-6', 'ez-baccarat', 'side-bets'];

function renderAnalysis(main) {
  main.append(h('h1', {}, t('analysis_title')), h('p', { class: 'lead' }, t('analysis_lead')));
  const form = h('form', {
    class: 'panel row', test: 'analysis-form',
    onsubmit: (e) => { e.preventDefault(); runAnalysis(); },
  },
  h('label', {}, t('decks'), h('input', {
    type: 'number', min: 1, max: 1000, value: analysis.decks, test: 'analysis-decks', style: 'width:5em',
    onchange: (e) => { analysis.decks = Number(e.target.value); },
  })),
  h('label', {}, t('rules'), h('input', {
    type: 'text', list: 'shipped', value: analysis.rules, test: 'analysis-rules', style: 'width:12em',
    onchange: (e) => { analysis.rules = e.target.value.trim(); },
  }), h('datalist', { id: 'shipped' }, SHIPPED.map((n) => h('option', { value: n })))),
  h('label', {}, t('remove'), h('input', {
    type: 'text', value: analysis.remove, placeholder: '8H,9C', test: 'analysis-remove', style: 'width:12em',
    onchange: (e) => { analysis.remove = e.target.value.trim(); },
  })),
  h('button', { type: 'submit', test: 'analysis-run' }, t('run')));
  main.append(form);
  if (analysis.busy) main.append(h('p', { class: 'muted' }, t('loading')));
  if (analysis.error) main.append(errorBox(analysis.error, 'analysis-error'));
  if (analysis.doc) main.append(analysisReport(analysis.doc));
  if (analysis.decisions) main.append(decisionsGrid(analysis.decisions));
  if (!analysis.doc && !analysis.busy && !analysis.error) runAnalysis();
}

async function runAnalysis() {
  analysis.busy = true;
  analysis.error = null;
  render();
  // The analysis and decisions documents have no words: no `lang` (only their charts take one).
  const options = { decks: analysis.decks };
  if (analysis.rules) options.rules = analysis.rules;
  if (analysis.remove) options.remove = analysis.remove;
  try {
    const [doc, decisions] = await Promise.all([api('analyze', options), api('decisions', options)]);
    Object.assign(analysis, { doc, decisions, svg: null });
  } catch (e) {
    Object.assign(analysis, { doc: null, decisions: null, error: e });
  }
  analysis.busy = false;
  if (currentRoute() === 'analysis') render();
}

function probabilityRow(label, figure, test) {
  return h('tr', { test },
    h('td', {}, label),
    h('td', { class: 'num' }, fmtInt(figure.count)),
    h('td', { class: 'num mono' }, figure.probability),
    h('td', { class: 'num' }, fmtNumber(figure.decimal, 6)));
}

function analysisReport(doc) {
  const box = h('div', { test: 'analysis-report' });
  box.append(h('p', { test: 'analysis-shoe' }, labelled('shoe'), `${t('cards_in_shoe', doc.shoe.cards)} — ${t('sequences', fmtInt(doc.sequences))}`));
  const head = h('tr', {}, h('th', {}, ''), h('th', { class: 'num' }, t('count')), h('th', { class: 'num' }, t('probability')), h('th', { class: 'num' }, ''));
  box.append(h('h2', {}, t('outcomes')), h('div', { class: 'scroll' }, h('table', { test: 'outcomes' }, head,
    ['banco', 'punto', 'tie'].map((o) => probabilityRow(t(o), doc.outcomes[o], `outcome-${o}`)))));
  box.append(h('h2', {}, t('edges')), h('div', { class: 'scroll' }, h('table', { test: 'edges' },
    h('tr', {}, h('th', {}, t('bet')), h('th', { class: 'num' }, t('edge')), h('th', { class: 'num' }, '')),
    Object.entries(doc.bets).map(([name, bet]) => h('tr', { test: `edge-${name}` },
      h('td', {}, betName(name)),
      h('td', { class: 'num' }, fmtPercent(bet.edge_percent)),
      h('td', { class: 'num mono' }, bet.edge))))));
  box.append(h('h2', {}, t('draws')), h('div', { class: 'scroll' }, h('table', {}, head.cloneNode(true),
    ['punto', 'banco'].map((o) => probabilityRow(t(o), doc.draws[o], `draws-${o}`)),
    h('tr', {}, h('th', { colspan: 4 }, t('naturals'))),
    probabilityRow('8 / 9', doc.naturals.any, 'naturals-any'))));
  return box;
}

function marginColour(x) {
  // Green when drawing is better for Banco, red when standing is; the shade grows with the
  // square root of the margin, so that small margins still show.
  const strength = Math.min(1, Math.sqrt(Math.abs(x) / 0.08));
  const light = Math.round(97 - 45 * strength);
  return x >= 0 ? `hsl(130, 55%, ${light}%)` : `hsl(5, 75%, ${light}%)`;
}

function decisionsGrid(doc) {
  const box = h('div', { test: 'decisions' }, h('h2', {}, t('decisions_title')), h('p', { class: 'muted' }, t('decisions_lead')));
  const rows = new Map();
  for (const cell of doc.cells) {
    if (!rows.has(cell.banco_total)) rows.set(cell.banco_total, []);
    rows.get(cell.banco_total).push(cell);
  }
  const columns = rows.values().next().value.map((c) => c.punto_third_card);
  const cellEl = (c, value, best, test) => h('td', {
    class: `num${best !== c.tableau ? ' off' : ''}`,
    style: `background:${marginColour(value)}`,
    title: `${letter(c.tableau)} — ${c.draw_minus_stand.banco}`,
    test,
  }, letter(c.tableau), h('br', {}), h('small', {}, fmtSigned(100 * value, 3)));
  box.append(h('div', { class: 'scroll' }, h('table', { class: 'tableau', test: 'decisions-grid' },
    h('tr', {}, h('th', {}, `${t('banco_total')} \\ ${t('third_card')}`), columns.map((c) => h('th', {}, c === null ? t('stood') : String(c)))),
    [...rows].map(([total, cells]) => h('tr', {},
      h('th', {}, String(total)),
      cells.map((c) => cellEl(c, c.decimal.banco, c.best_for_banco, `decision-${total}-${columnKey(c.punto_third_card)}`)))))));
  box.append(h('div', { class: 'scroll' }, h('table', { class: 'tableau', test: 'decisions-punto' },
    h('tr', {}, h('th', {}, t('punto_total')), doc.punto_totals.map((p) => h('th', {}, String(p.punto_total)))),
    h('tr', {}, h('th', {}, t('punto')), doc.punto_totals.map((p) => cellEl(p, p.decimal.punto, p.best_for_punto, `decision-punto-${p.punto_total}`))))));
  const chart = h('div', {});
  box.append(h('button', {
    type: 'button', class: 'secondary', test: 'decisions-svg',
    onclick: async () => {
      const options = { decks: analysis.decks, lang: state.lang };
      // The chart is in the page's language.
      if (analysis.rules) options.rules = analysis.rules;
      if (analysis.remove) options.remove = analysis.remove;
      try {
        chart.replaceChildren(svgImage(await api('decisions', options, { svg: true }), t('decisions_title'), 'decisions-chart'));
      } catch (e) {
        chart.replaceChildren(errorBox(e));
      }
    },
  }, t('show_svg')), chart);
  return box;
}

// ---------------------------------------------------------------------------------------------
// Routing, language and type size.

function currentRoute() {
  const name = location.hash.replace(/^#\/?/, '').split('?')[0];
  return ROUTES.includes(name) ? name : 'session';
}

const RENDER = { session: renderSession, check: renderCheck, bet: renderBet, analysis: renderAnalysis };

function render() {
  const route = currentRoute();
  document.documentElement.lang = state.lang;
  document.title = `${t(`nav_${route}`)} — ${t('title')}`;
  const nav = document.querySelector('nav');
  nav.replaceChildren(...ROUTES.map((r) => h('a', {
    href: `#/${r}`, class: r === route ? 'current' : '', test: `nav-${r}`,
  }, t(`nav_${r}`))));
  document.getElementById('lang-toggle').textContent = t('other_lang');
  const large = document.documentElement.classList.contains('large');
  document.getElementById('large-toggle').textContent = large ? t('normal') : t('large');
  const main = document.getElementById('main');
  // Keep the focused field's place when a re-render is caused by its own input.
  main.replaceChildren();
  main.dataset.route = route;
  main.dataset.lang = state.lang;
  RENDER[route](main);
  if (!state.rulesDoc[state.lang]) {
    rulesDoc().then(() => { if (['session', 'check'].includes(currentRoute())) render(); }, () => {});
  }
}

function setLang(lang) {
  state.lang = lang;
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  // The documents on show are in the other language: fetch them again.
  if (session.phase !== 'setup') {
    session.odds = null;
    session.chart = null;
    loadOdds();
    if (session.deal) refetchDeal();
  }
  checker.report = null;
  designer.result = null;
  analysis.doc = null;
  analysis.decisions = null;
  render();
  if (checker.text && currentRoute() === 'check') runCheck();
}

async function refetchDeal() {
  const deal = session.deal;
  // Deal order: Punto, Banco, Punto, Banco, then the third cards in the order drawn.
  const order = [deal.punto.cards[0], deal.banco.cards[0], deal.punto.cards[1], deal.banco.cards[1]];
  for (const step of deal.steps) if (step.decision === 'draw') order.push(deal[step.hand].cards[2]);
  order.push(...deal.unused);
  try {
    session.deal = await api('deal', { cards: order.join(','), lang: state.lang, stake: STAKE }, { method: 'POST' });
  } catch (_) {
    // Keep the deal in the language it was dealt in.
  }
  if (currentRoute() === 'session') render();
}

function init() {
  if (localStorage.getItem('punto-banco-large') === '1') document.documentElement.classList.add('large');
  document.getElementById('lang-toggle').addEventListener('click', () => setLang(state.lang === 'fr' ? 'en' : 'fr'));
  document.getElementById('large-toggle').addEventListener('click', () => {
    const large = document.documentElement.classList.toggle('large');
    localStorage.setItem('punto-banco-large', large ? '1' : '0');
    render();
  });
  window.addEventListener('hashchange', render);
  render();
}

init();
