// punto-banco's pages, 4 of 6: the checker.

'use strict';

// ---------------------------------------------------------------------------------------------
// The checker.

const checker = { text: '', report: null, error: null, busy: false };

function referenceGrid(doc) {
  // The golden tableau written as a tab-separated grid, the form `check` reads, to edit.
  const columns = doc.banco[0].cells.map((c) => c.punto_third_card).filter((c) => c !== null);
  const lines = [['Banco', ...columns].join('\t')];
  for (const row of doc.banco) {
    if (row.natural) continue;
    const cells = row.cells.filter((c) => c.punto_third_card !== null).map((c) => (c.action === 'draw' ? 'D' : 'S'));
    lines.push([row.banco_total, ...cells].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

function renderCheck(main) {
  main.append(h('h1', {}, t('check_title')), h('p', { class: 'lead' }, t('check_lead')));
  const area = h('textarea', {
    rows: 12, test: 'claimed', 'aria-label': t('claimed'), spellcheck: 'false',
    oninput: (e) => { checker.text = e.target.value; },
  });
  area.value = checker.text;
  const file = h('input', {
    type: 'file', accept: '.json,.txt,.tsv,.md,.csv,text/*,application/json', test: 'claimed-file',
    onchange: (e) => {
      const chosen = e.target.files[0];
      if (!chosen) return;
      const reader = new FileReader();
      reader.onload = () => {
        checker.text = String(reader.result);
        runCheck();
      };
      reader.readAsText(chosen);
    },
  });
  main.append(h('div', { class: 'panel' },
    h('label', { for: 'claimed' }, t('claimed')), area,
    h('div', { class: 'row' },
      h('button', { type: 'button', test: 'check-run', onclick: runCheck, disabled: checker.busy }, t('check_run')),
      h('button', {
        type: 'button', class: 'secondary', test: 'use-reference',
        onclick: async () => { checker.text = referenceGrid(await rulesDoc()); render(); },
      }, t('use_reference')),
      h('label', {}, t('open_file'), file))));
  if (checker.busy) main.append(h('p', { class: 'muted' }, t('loading')));
  if (checker.error) main.append(errorBox(checker.error, 'check-error'));
  if (checker.report && state.rulesDoc[state.lang]) main.append(checkReport(checker.report, state.rulesDoc[state.lang]));
}

/** The claimed rule set as the API takes it: a rule file as its object, a tableau as its text. */
// The claimed rule set as the API takes it: a rule file's object as `rules`, any other text
// (a grid, a range table, or JSON the server will say is wrong) as `rules_text`.
function claimedRules(text) {
  if (text.trim().startsWith('{')) {
    try {
      return { rules: JSON.parse(text.replace(/^\uFEFF/, '')) };
    } catch (_) {
      // Not JSON after all: the server reads it and says where it is wrong.
    }
  }
  return { rules_text: text };
}

async function runCheck() {
  checker.busy = true;
  checker.error = null;
  render();
  try {
    await rulesDoc();
    checker.report = await api('check', { ...claimedRules(checker.text), lang: state.lang }, { method: 'POST' });
  } catch (e) {
    checker.report = null;
    checker.error = e;
  }
  checker.busy = false;
  render();
}

function changeCells(change) {
  return ['punto', 'banco', 'tie'].map((b) => h('span', { class: 'mono nowrap' },
    `${t(b)} ${fmtSigned(change[b].percentage_points, 6)}  `));
}

function checkReport(report, doc) {
  const box = h('div', { test: 'check-report' });
  const differences = report.differences || [];
  const diffAt = new Map(differences.map((d, i) => [`${d.hand}:${d.hand === 'punto' ? d.punto_total ?? d.total : d.banco_total}:${columnKey(d.punto_third_card)}`, i + 1]));
  if (report.assumed_from_reference && report.assumed_from_reference.length) {
    const names = report.assumed_from_reference.map((k) => STRINGS[state.lang].assumed_keys[k] || k);
    box.append(h('p', { class: 'muted', test: 'assumed' }, `${t('assumed')} ${names.join(', ')}.`));
  }
  box.append(h('h2', { test: 'difference-count', 'data-value': differences.length }, t('differences', differences.length)));
  const tableau = tableauEl(doc, (hand, row, column) => {
    const key = hand === 'punto' ? `punto:${row}:stood` : `banco:${row}:${column}`;
    return diffAt.has(key) ? 'diff' : '';
  });
  // Number the differing cells as the list below numbers them.
  for (const [key, n] of diffAt) {
    const [hand, row, column] = key.split(':');
    const cell = tableau.querySelector(hand === 'punto' ? `[data-test="punto-${row}"]` : `[data-test="cell-${row}-${column}"]`);
    const d = differences[n - 1];
    if (cell) cell.replaceChildren(`${letter(d.reference)}→${letter(d.claimed)}`, h('sup', {}, String(n)));
  }
  box.append(tableau);
  if (!differences.length) box.append(h('p', { test: 'no-difference' }, t('no_difference')));
  box.append(h('ol', { test: 'differences' }, differences.map((d) => h('li', { test: 'difference' },
    h('p', { test: 'difference-text' }, STRINGS[state.lang].difference_text ? STRINGS[state.lang].difference_text(d) : d.text),
    h('p', { class: 'muted' }, `${t('reach')} ${fmtNumber(d.reach.decimal, 8)} (${d.reach.exact})`),
    h('p', { test: 'difference-cost' }, labelled('cost'), changeCells(d.edge_change))))));
  if (report.reference_edges && report.claimed_edges) {
    box.append(h('h2', {}, t('main_bets')), h('div', { class: 'scroll' }, h('table', { test: 'check-bets' },
      h('tr', {}, h('th', {}, t('bet')), h('th', { class: 'num' }, t('reference_edge')), h('th', { class: 'num' }, t('claimed_edge')), h('th', { class: 'num' }, t('exact_change'))),
      ['punto', 'banco', 'tie'].map((b) => h('tr', {},
        h('td', {}, t(b)),
        h('td', { class: 'num' }, fmtPercent(report.reference_edges[b].edge_percent)),
        h('td', { class: 'num' }, fmtPercent(report.claimed_edges[b].edge_percent)),
        h('td', { class: 'num mono' }, report.total_change ? report.total_change[b].exact : ''))))));
  }
  const tariff = report.tariff_differences || [];
  box.append(h('h2', {}, t('tariff_differences', tariff.length)));
  if (tariff.length) {
    box.append(h('ul', {}, tariff.map((d) => h('li', { test: 'tariff-difference' },
      h('strong', {}, betName(d.bet)), ` — ${d.claimed}`,
      d.reference ? h('span', { class: 'muted' }, ` (${d.reference})`) : null))));
  }
  const claims = report.claims || [];
  box.append(h('h2', {}, t('claims', claims.length)));
  if (claims.length) {
    box.append(h('ul', {}, claims.map((c) => h('li', { test: 'claim' },
      `${c.text || c.claim || JSON.stringify(c)} — `,
      h('strong', { class: c.holds ? 'pos' : 'neg' }, c.holds ? t('holds') : t('fails'))))));
  }
  return box;
}
