// punto-banco's pages, 5 of 6: the bet designer.

'use strict';

// ---------------------------------------------------------------------------------------------
// The bet designer: a form over the pay lines of a side bet, with its JSON beside it.

const SCHEMA1_FIELDS = ['winner', 'total', 'cards', 'natural', 'margin', 'pays', 'commission'];

// Bets to start from, as docs/en/rule-files.md and the shipped variants write them.
const EXAMPLES = {
  lucky_6: [{ winner: 'banco', total: 6, cards: 2, pays: 12 }, { winner: 'banco', total: 6, cards: 3, pays: 20 }],
  dragon_7: [{ winner: 'banco', total: 7, cards: 3, pays: 40 }],
  panda_8: [{ winner: 'punto', total: 8, cards: 3, pays: 25 }],
  punto_pair: { pair: 'punto', pays: 11 },
  either_pair: [{ any: [{ punto: { first_two: { same: 'rank' } } }, { banco: { first_two: { same: 'rank' } } }], pays: 5 }],
  big: [{ cards_dealt: [5, 6], pays: '0.54' }],
};

const designer = {
  name: 'lucky_6',
  // Lucky 6 as docs/en/rule-files.md writes it: a start to edit.
  bet: structuredClone(EXAMPLES.lucky_6),
  jsonText: null, // the JSON as the user typed it, while it does not parse
  jsonError: null,
  decks: 8,
  removed: {}, // card code -> copies taken out
  result: null,
  error: null,
  seq: 0,
};

function betJson() {
  const bet = designer.bet;
  if (!Array.isArray(bet)) return JSON.stringify({ [designer.name]: bet }, null, 2);
  // One pay line a line, as the shipped rule files write them.
  const lines = bet.map((line) => `    ${inlineJson(line)}`).join(',\n');
  return `{\n  ${JSON.stringify(designer.name)}: [\n${lines}\n  ]\n}`;
}

/** JSON on one line, spaced as the rule files are: `{"winner": "banco", "pays": 12}`. */
function inlineJson(value) {
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** Reads the JSON text into the designer; returns an error message or null. */
function readBetJson(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return e.message;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.keys(value).length !== 1) {
    return '{"name": [pay lines]}';
  }
  const [name, bet] = Object.entries(value)[0];
  const isLines = Array.isArray(bet) && bet.every((l) => l && typeof l === 'object' && !Array.isArray(l));
  const isPair = bet && typeof bet === 'object' && !Array.isArray(bet) && 'pair' in bet;
  if (!isLines && !isPair) return '{"name": [pay lines]}';
  designer.name = name;
  designer.bet = bet;
  return null;
}

function removeString() {
  const list = [];
  for (const [code, n] of Object.entries(designer.removed)) for (let i = 0; i < n; i++) list.push(code);
  return list.join(',');
}

/** A rule file: the golden tableau and main bets of the rules document, and the designed bet. */
function ruleFile(doc) {
  const banco = {};
  for (const row of doc.banco) {
    if (row.natural) continue;
    banco[String(row.banco_total)] = row.cells.map((c) => (c.action === 'draw' ? 'D' : 'S')).join(' ');
  }
  const bets = {};
  for (const bet of ['punto', 'banco', 'tie']) {
    // The settlement at the stake, back to pay lines: the win first, then the push.
    const nets = doc.settlement[bet];
    const lines = [];
    for (const winner of [bet, ...['punto', 'banco', 'tie'].filter((w) => w !== bet)]) {
      if (nets[winner] >= 0) lines.push({ winner, pays: fraction(nets[winner], doc.stake) });
    }
    bets[bet] = lines;
  }
  bets[designer.name] = designer.bet;
  const schema2 = Array.isArray(designer.bet) && designer.bet.some((line) => Object.entries(line)
    .some(([k, v]) => !SCHEMA1_FIELDS.includes(k) || Array.isArray(v)));
  return {
    schema: schema2 ? 2 : 1,
    name: `designer-${designer.name}`,
    shoe: { decks: designer.decks },
    drawing: {
      naturals: doc.naturals,
      punto: {
        draws: doc.punto.filter((p) => p.action === 'draw').map((p) => p.punto_total),
        stands: doc.punto.filter((p) => p.action === 'stand').map((p) => p.punto_total),
      },
      banco,
    },
    bets,
  };
}

function fraction(n, d) {
  const gcd = (a, b) => (b ? gcd(b, a % b) : Math.abs(a));
  const g = gcd(n, d) || 1;
  return d / g === 1 ? n / g : `${n / g}/${d / g}`;
}

function updateBet(fromJson) {
  if (!fromJson) {
    designer.jsonText = null;
    designer.jsonError = null;
  }
  scheduleBet();
}

let betTimer = null;
function scheduleBet() {
  clearTimeout(betTimer);
  const result = document.querySelector('[data-test="bet-result"]');
  if (result) result.dataset.state = 'pending';
  betTimer = setTimeout(evaluateBet, 350);
}

async function evaluateBet() {
  const seq = ++designer.seq;
  const box = document.querySelector('[data-test="bet-result"]');
  if (box) box.dataset.state = 'pending';
  try {
    const doc = await rulesDoc();
    const rules = ruleFile(doc);
    const remove = removeString();
    const shoe = remove ? { remove } : {};
    const [analysis, check, eor] = await Promise.all([
      api('analyze', { rules, ...shoe }, { method: 'POST' }),
      api('check', { rules, lang: state.lang }, { method: 'POST' }),
      api('eor', { rules, lang: state.lang, ...shoe }, { method: 'POST', svg: true }),
    ]);
    if (seq !== designer.seq) return;
    designer.result = { analysis, check, eor };
    designer.error = null;
  } catch (e) {
    if (seq !== designer.seq) return;
    designer.result = null;
    designer.error = e;
  }
  if (currentRoute() === 'bet') renderBetResult();
}

function renderBet(main) {
  main.append(h('h1', {}, t('bet_title')), h('p', { class: 'lead' }, t('bet_lead')));
  const form = h('div', { class: 'panel', test: 'bet-form' });
  const json = h('textarea', {
    rows: 14, test: 'bet-json', spellcheck: 'false', 'aria-label': t('bet_json'),
    oninput: (e) => {
      designer.jsonText = e.target.value;
      designer.jsonError = readBetJson(e.target.value);
      const err = document.querySelector('[data-test="bet-json-error"]');
      err.textContent = designer.jsonError ? t('bad_json', designer.jsonError) : '';
      err.hidden = !designer.jsonError;
      if (!designer.jsonError) {
        fillBetForm(form, json);
        updateBet(true);
      }
    },
  });
  json.value = designer.jsonText ?? betJson();
  fillBetForm(form, json);
  main.append(h('div', { class: 'grid2' }, form, h('div', {},
    h('h2', {}, t('bet_json')), json,
    h('p', { class: 'error', test: 'bet-json-error', hidden: !designer.jsonError }, designer.jsonError ? t('bad_json', designer.jsonError) : ''))));
  main.append(shoePanel());
  main.append(h('div', { test: 'bet-result', 'data-state': 'pending' }));
  renderBetResult();
  if (!designer.result && !designer.error) scheduleBet();
}

function selectOf(value, options, test, onchange) {
  return h('select', { test, onchange: (e) => onchange(e.target.value) },
    options.map(([v, label]) => h('option', { value: v, selected: String(value ?? '') === v }, label)));
}

/** Rebuilds the form from the designer's bet; every edit rewrites the JSON beside it. */
function fillBetForm(form, json) {
  form.replaceChildren();
  const changed = () => {
    json.value = betJson();
    designer.jsonText = null;
    const err = document.querySelector('[data-test="bet-json-error"]');
    if (err) err.hidden = true;
    updateBet(false);
  };
  const lines = Array.isArray(designer.bet);
  form.append(h('div', { class: 'row' }, h('label', {}, t('examples'), selectOf('', [['', '—'], ...Object.keys(EXAMPLES).map((k) => [k, betName(k)])], 'bet-example', (v) => {
    if (!v) return;
    designer.name = v;
    designer.bet = structuredClone(EXAMPLES[v]);
    fillBetForm(form, json);
    changed();
  }))));
  form.append(h('div', { class: 'row' },
    h('label', {}, t('bet_name'), h('input', {
      type: 'text', value: designer.name, test: 'bet-name', pattern: '[a-z0-9_-]+',
      oninput: (e) => { designer.name = e.target.value; changed(); },
    })),
    h('label', {}, t('bet_kind'), selectOf(lines ? 'lines' : 'pair', [['lines', t('kind_lines')], ['pair', t('kind_pair')]], 'bet-kind', (v) => {
      designer.bet = v === 'pair' ? { pair: 'punto', pays: 11 } : [{ winner: 'punto', pays: 1 }];
      fillBetForm(form, json);
      changed();
    }))));
  if (!lines) {
    const bet = designer.bet;
    form.append(h('div', { class: 'row' },
      h('label', {}, t('pair_hand'), selectOf(bet.pair, [['punto', t('punto')], ['banco', t('banco')]], 'pair-hand', (v) => { bet.pair = v; changed(); })),
      h('label', {}, t('pays'), amountInput(bet, 'pays', 'line-pays-0', changed))));
    return;
  }
  const any = ['', t('any')];
  designer.bet.forEach((line, i) => {
    const set = (key, parse) => (v) => {
      if (v === '') delete line[key];
      else line[key] = parse(v);
      changed();
    };
    const extra = Object.fromEntries(Object.entries(line).filter(([k, v]) => !SCHEMA1_FIELDS.includes(k) || Array.isArray(v)));
    const scalar = (k) => (Array.isArray(line[k]) ? undefined : line[k]);
    const digits = (from, to) => Array.from({ length: to - from + 1 }, (_, k) => [String(from + k), String(from + k)]);
    form.append(h('div', { class: 'line', test: `line-${i}` },
      h('label', {}, t('winner_f'), selectOf(line.winner, [any, ['punto', t('punto')], ['banco', t('banco')], ['tie', t('tie')]], `line-winner-${i}`, set('winner', String))),
      h('label', {}, t('total_f'), selectOf(scalar('total'), [any, ...digits(0, 9)], `line-total-${i}`, set('total', Number))),
      h('label', {}, t('cards_f'), selectOf(scalar('cards'), [any, ...digits(2, 3)], `line-cards-${i}`, set('cards', Number))),
      h('label', {}, t('natural_f'), selectOf(line.natural === undefined ? '' : String(line.natural), [any, ['true', t('yes')], ['false', t('no')]], `line-natural-${i}`, set('natural', (v) => v === 'true'))),
      h('label', {}, t('margin_f'), selectOf(scalar('margin'), [any, ...digits(1, 9)], `line-margin-${i}`, set('margin', Number))),
      h('label', {}, t('pays'), amountInput(line, 'pays', `line-pays-${i}`, changed)),
      h('label', {}, t('commission'), amountInput(line, 'commission', `line-commission-${i}`, changed)),
      h('input', {
        type: 'text', class: 'extra', test: `line-extra-${i}`, placeholder: t('extra'), 'aria-label': t('extra'),
        value: Object.keys(extra).length ? JSON.stringify(extra) : '',
        onchange: (e) => {
          let more = {};
          try {
            more = e.target.value.trim() ? JSON.parse(e.target.value) : {};
          } catch (err) {
            e.target.setCustomValidity(err.message);
            e.target.reportValidity();
            return;
          }
          e.target.setCustomValidity('');
          for (const k of Object.keys(extra)) delete line[k];
          Object.assign(line, more);
          fillBetForm(form, json);
          changed();
        },
      }),
      i > 0 ? h('button', {
        type: 'button', class: 'secondary', title: t('up'), test: `line-up-${i}`,
        onclick: () => { designer.bet.splice(i - 1, 0, designer.bet.splice(i, 1)[0]); fillBetForm(form, json); changed(); },
      }, t('up')) : null,
      designer.bet.length > 1 ? h('button', {
        type: 'button', class: 'secondary', title: t('remove_line'), test: `line-remove-${i}`,
        onclick: () => { designer.bet.splice(i, 1); fillBetForm(form, json); changed(); },
      }, t('remove_line')) : null));
  });
  form.append(h('div', { class: 'row' }, h('button', {
    type: 'button', class: 'secondary', test: 'add-line',
    onclick: () => { designer.bet.push({ winner: 'punto', pays: 1 }); fillBetForm(form, json); changed(); },
  }, t('add_line'))));
}

function amountInput(line, key, test, changed) {
  return h('input', {
    type: 'text', class: 'amount', test, value: line[key] === undefined ? '' : String(line[key]),
    inputmode: 'decimal',
    oninput: (e) => {
      const v = e.target.value.trim();
      // Whole numbers are JSON numbers; fractions, decimals and percentages are strings.
      if (v === '') delete line[key];
      else line[key] = /^\d+$/.test(v) ? Number(v) : v;
      changed();
    },
  });
}

function shoePanel() {
  const panel = h('div', { class: 'panel', test: 'shoe' });
  const picker = h('div', { class: 'picker', test: 'picker' });
  for (const s of SUITS) {
    for (const r of RANKS) {
      const code = r + s;
      const n = designer.removed[code] || 0;
      picker.append(h('button', {
        type: 'button', class: `${isRed(s) ? 'red' : ''}${n ? ' taken' : ''}`, test: `pick-${code}`,
        title: cardLabel(code),
        onclick: () => {
          if ((designer.removed[code] || 0) >= designer.decks) return;
          designer.removed[code] = (designer.removed[code] || 0) + 1;
          panel.replaceWith(shoePanel());
          scheduleBet();
        },
      }, cardLabel(code), n ? h('span', { class: 'n' }, String(n)) : null));
    }
  }
  const remove = removeString();
  panel.append(
    h('h2', {}, t('shoe')),
    h('div', { class: 'row' },
      h('label', {}, t('decks'), h('input', {
        type: 'number', min: 1, max: 8, value: designer.decks, test: 'bet-decks', style: 'width:4.5em',
        onchange: (e) => {
          designer.decks = Math.max(1, Math.min(8, Number(e.target.value) || 8));
          designer.removed = {};
          panel.replaceWith(shoePanel());
          scheduleBet();
        },
      }))),
    h('p', {}, t('remove_cards')), picker,
    h('div', { class: 'row' },
      h('span', { test: 'removed' }, labelled('removed'), remove ? remove.split(',').map(cardLabel).join(' ') : t('none')),
      remove ? h('button', {
        type: 'button', class: 'secondary', test: 'reset-removed',
        onclick: () => { designer.removed = {}; panel.replaceWith(shoePanel()); scheduleBet(); },
      }, t('reset')) : null));
  return panel;
}

function renderBetResult() {
  const box = document.querySelector('[data-test="bet-result"]');
  if (!box) return;
  box.replaceChildren();
  if (designer.error) {
    box.append(errorBox(designer.error, 'bet-error'));
    box.dataset.state = 'error';
    return;
  }
  if (!designer.result) {
    box.append(h('p', { class: 'muted' }, t('loading')));
    return;
  }
  const { analysis, check, eor } = designer.result;
  const bet = analysis.bets[designer.name];
  if (!bet) return;
  let win = 0;
  let push = 0;
  for (const d of bet.net_distribution) {
    const [n] = d.net.split('/');
    if (Number(n) > 0) win += d.decimal;
    else if (Number(n) === 0) push += d.decimal;
  }
  const terms = (check.tariff_differences || []).find((d) => d.bet === designer.name);
  box.append(h('div', { class: 'grid2' },
    h('div', { class: 'panel' },
      h('p', {}, `${t('edge')} (${betName(designer.name)})`),
      h('p', { class: 'big-figure', test: 'bet-edge', 'data-value': bet.edge_percent }, fmtPercent(bet.edge_percent)),
      h('p', { class: 'mono', test: 'bet-edge-exact' }, bet.edge),
      h('p', {}, labelled('hit'), h('strong', { test: 'bet-hit' }, fmtPercent(100 * win, 4)),
        push > 0 ? ` — ${t('push')} ${fmtPercent(100 * push, 4)}` : ''),
      h('p', { class: 'muted' }, labelled('shoe'), t('cards_in_shoe', analysis.shoe.cards))),
    h('div', { class: 'panel' },
      h('p', {}, t('terms')),
      h('p', { test: 'bet-terms' }, terms ? terms.claimed : ''),
      t('terms_note') ? h('p', { class: 'muted' }, t('terms_note')) : null)));
  box.append(h('h2', {}, t('eor_title')), svgImage(eor, t('eor_title'), 'bet-eor'));
  box.dataset.state = 'ready';
}
