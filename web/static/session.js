// punto-banco's pages, 3 of 6: the teaching session.

'use strict';

// ---------------------------------------------------------------------------------------------
// The teaching session.

const session = {
  phase: 'setup', // setup, play, over
  players: [
    { name: '', prediction: 'punto' },
    { name: '', prediction: 'banco' },
  ],
  // The home format deals every coup from a full shoe shuffled again (docs/en/session.md, as
  // the teaching texts ask, and as the exact odds assume); one shoe dealt on is the casino's.
  reshuffle: true,
  shoe: [],
  position: 0,
  dealNumber: 0, // deals started
  deal: null, // the current deal document
  stage: 0, // 0: opening cards shown; 1..steps: steps shown; steps+1: settled
  scores: [],
  lastNet: [],
  odds: null,
  chart: null,
  oddsError: null,
  error: null,
};

function renderSession(main) {
  main.append(h('h1', {}, t('session_title')), h('p', { class: 'lead' }, t('session_lead')));
  if (session.phase === 'setup') {
    main.append(sessionSetup());
    return;
  }
  main.append(sessionBoard());
}

function sessionSetup() {
  const form = h('form', { class: 'panel', test: 'setup', onsubmit: (e) => { e.preventDefault(); startSession(); } });
  session.players.forEach((player, i) => {
    const name = h('input', {
      type: 'text', value: player.name, placeholder: t('player_name', i + 1), maxlength: 40,
      test: `player-name-${i}`, 'aria-label': t('player_name', i + 1),
      oninput: (e) => { player.name = e.target.value; },
    });
    const prediction = h('select', {
      test: `player-prediction-${i}`, 'aria-label': t('prediction'),
      onchange: (e) => { player.prediction = e.target.value; },
    }, ['punto', 'banco', 'tie'].map((p) => h('option', { value: p, selected: player.prediction === p }, t(p))));
    const remove = session.players.length > 2 ? h('button', {
      type: 'button', class: 'secondary', test: `player-remove-${i}`,
      onclick: () => { session.players.splice(i, 1); render(); },
    }, t('remove_player')) : null;
    form.append(h('div', { class: 'row' }, name, prediction, remove));
  });
  const mode = (reshuffle, label, test) => h('label', {}, h('input', {
    type: 'radio', name: 'shoe-mode', checked: session.reshuffle === reshuffle, test,
    onchange: () => { session.reshuffle = reshuffle; },
  }), label);
  form.append(h('div', { class: 'row' }, mode(true, t('full_shoe'), 'mode-full-shoe'), mode(false, t('one_shoe'), 'mode-one-shoe')));
  if (session.error) form.append(h('p', { class: 'error', test: 'setup-error' }, session.error));
  form.append(h('div', { class: 'row' },
    session.players.length < 8 ? h('button', {
      type: 'button', class: 'secondary', test: 'add-player',
      onclick: () => { session.players.push({ name: '', prediction: 'punto' }); render(); },
    }, t('add_player')) : null,
    h('button', { type: 'submit', test: 'start' }, t('start'))));
  return form;
}

function startSession() {
  session.players.forEach((p) => { p.name = p.name.trim(); });
  if (session.players.some((p) => !p.name)) {
    session.error = t('names_needed');
    render();
    return;
  }
  Object.assign(session, {
    phase: 'play', shoe: shuffledShoe(DECKS), position: 0, dealNumber: 0, deal: null, stage: 0,
    scores: session.players.map(() => 0), lastNet: session.players.map(() => null),
    odds: null, chart: null, oddsError: null, error: null,
  });
  render();
  loadOdds();
}

async function loadOdds() {
  const players = session.players.map((p) => p.prediction).join(',');
  try {
    const [odds, chart] = await Promise.all([
      api('session-odds', { players, lang: state.lang }),
      api('session-odds', { lang: state.lang }, { svg: true }),
    ]);
    session.odds = odds;
    session.chart = chart;
  } catch (e) {
    session.oddsError = e;
  }
  if (currentRoute() === 'session') render();
}

function stepsOf(deal) {
  return deal ? deal.steps.length : 0;
}

async function advance() {
  const deal = session.deal;
  if (deal && session.stage <= stepsOf(deal)) {
    session.stage += 1;
    if (session.stage === stepsOf(deal) + 1) settle();
    render();
    return;
  }
  if (session.dealNumber >= DEALS) return;
  if (session.reshuffle) {
    session.shoe = shuffledShoe(DECKS);
    session.position = 0;
  }
  const cards = session.shoe.slice(session.position, session.position + 6);
  const button = document.querySelector('[data-test="next"]');
  if (button) button.disabled = true;
  try {
    const doc = await api('deal', { cards: cards.join(','), lang: state.lang, stake: STAKE }, { method: 'POST' });
    session.position += 6 - doc.unused.length;
    session.dealNumber += 1;
    session.deal = doc;
    session.stage = 0;
    session.error = null;
  } catch (e) {
    session.error = e.message;
  }
  render();
}

function settle() {
  const net = session.deal.net;
  session.lastNet = session.players.map((p) => net[p.prediction]);
  session.scores = session.scores.map((s, i) => s + session.lastNet[i]);
  if (session.dealNumber >= DEALS) session.phase = 'over';
}

/** The cards each hand holds once `stage` steps are shown. */
function handsAt(deal, stage) {
  const punto = deal.punto.cards.slice(0, 2);
  const banco = deal.banco.cards.slice(0, 2);
  let fresh = null;
  for (let i = 0; i < Math.min(stage, deal.steps.length); i++) {
    const step = deal.steps[i];
    if (step.decision === 'draw') {
      const hand = step.hand === 'punto' ? punto : banco;
      hand.push(deal[step.hand].cards[2]);
      fresh = i === stage - 1 ? step.hand : fresh;
    }
  }
  return { punto, banco, fresh };
}

function sessionBoard() {
  const deal = session.deal;
  const steps = stepsOf(deal);
  const settled = deal && session.stage > steps;
  const wrap = h('div', { test: 'board' });
  let label;
  if (!deal) label = t('first_deal');
  else if (settled) label = t('next_deal');
  else if (session.stage === steps) label = t('settle');
  else label = t('next_step');
  const over = session.phase === 'over';
  wrap.append(h('div', { class: 'row' },
    h('strong', { test: 'deal-number' }, deal ? t('deal_n', session.dealNumber, DEALS) : ''),
    over ? null : h('button', { type: 'button', test: 'next', onclick: advance }, label),
    h('span', { class: 'muted', test: 'cards-left' }, session.reshuffle ? t('reshuffled') : t('cards_left', session.shoe.length - session.position)),
    h('button', {
      type: 'button', class: 'secondary', test: 'new-session',
      onclick: () => { session.phase = 'setup'; render(); },
    }, t('new_session'))));
  if (session.error) wrap.append(h('p', { class: 'error', test: 'deal-error' }, session.error));

  // Three areas: the coup, the tableau beside it, and the scores and odds below the coup (on a
  // phone, the tableau comes right after the coup it explains).
  const left = h('div', { class: 'area-coup' });
  const below = h('div', { class: 'area-scores' });
  const right = h('div', { class: 'area-tableau' });
  if (deal) {
    const hands = handsAt(deal, session.stage);
    const hand = (which) => h('div', { class: `hand ${which}`, test: `hand-${which}` },
      h('h3', {}, t(which), settled ? ` — ${t('total', deal[which].total)}` : ''),
      h('div', { class: 'cards' }, hands[which].map((c, i) => cardEl(c, hands.fresh === which && i === 2))));
    left.append(h('div', { class: 'hands' }, hand('punto'), hand('banco')));
    let text;
    if (session.stage === 0) text = t('opening');
    else if (session.stage <= steps) text = deal.steps[session.stage - 1].text;
    else text = deal.result;
    left.append(h('p', { class: settled ? 'step-text result' : 'step-text', test: settled ? 'result' : 'step-text' }, text));
    if (settled && deal.unused.length) {
      left.append(h('p', { class: 'muted', test: 'unused' }, t('unused', deal.unused.join(' '))));
    }
    if (settled) {
      left.append(h('p', { test: 'settlement' },
        ['punto', 'banco', 'tie'].map((p) => h('span', { class: `pred-${p}` }, `${t(p)} ${fmtSignedInt(deal.net[p])}  `))));
    }
  }
  below.append(scoresEl(settled));
  if (over) below.append(winnerEl());
  below.append(oddsEl());

  right.append(h('h2', {}, t('golden_tableau')));
  right.append(state.rulesDoc[state.lang] ? tableauEl(state.rulesDoc[state.lang], markStep()) : h('p', { class: 'muted' }, t('loading')));
  wrap.append(h('div', { class: 'board' }, left, right, below));
  return wrap;
}

/** The classes that highlight the tableau cell of the step on show, and its row and column. */
function markStep() {
  const deal = session.deal;
  if (!deal || session.stage < 1 || session.stage > stepsOf(deal)) return () => '';
  const step = deal.steps[session.stage - 1];
  return (hand, row, column) => {
    if (step.decision === 'natural') {
      if (hand === 'punto' && row === step.punto_total) return 'hl';
      if (hand === 'banco' && row === step.banco_total) return 'hl-line';
      return '';
    }
    if (hand !== step.hand) return '';
    if (hand === 'punto') return row === step.total ? 'hl' : '';
    const wanted = columnKey(step.punto_third_card);
    if (row === step.total && column === wanted) return 'hl';
    if (row === step.total || column === wanted) return 'hl-line';
    return '';
  };
}

function scoresEl(settled) {
  return h('div', {},
    h('h2', {}, t('scores')),
    h('div', { class: 'scroll' }, h('table', { test: 'scores' },
      h('tr', {}, h('th', {}, ''), h('th', {}, t('prediction')), h('th', { class: 'num' }, t('net_this_deal')), h('th', { class: 'num' }, t('score'))),
      session.players.map((p, i) => h('tr', {},
        h('td', { test: `score-name-${i}` }, p.name),
        h('td', { class: `pred-${p.prediction}` }, t(p.prediction)),
        h('td', { class: 'num', test: `score-net-${i}` }, settled && session.lastNet[i] !== null ? fmtSignedInt(session.lastNet[i]) : ''),
        h('td', { class: 'num', test: `score-${i}`, 'data-value': session.scores[i] }, fmtSignedInt(session.scores[i])))))));
}

function winnerEl() {
  const best = Math.max(...session.scores);
  const names = session.players.filter((_, i) => session.scores[i] === best).map((p) => p.name);
  const list = new Intl.ListFormat(locale(), { type: 'conjunction' }).format(names);
  return h('div', { class: 'panel' },
    h('p', {}, t('session_over')),
    h('p', { class: 'winner', test: 'winner' }, names.length > 1 ? t('winners', list) : t('winner', list)));
}

function oddsEl() {
  const box = h('div', { test: 'odds' }, h('h2', {}, t('odds_title')), h('p', { class: 'muted' }, t('odds_lead')));
  if (session.oddsError) {
    box.append(errorBox(session.oddsError, 'odds-error'));
    return box;
  }
  if (!session.odds) {
    box.append(h('p', { class: 'muted' }, t('loading')));
    return box;
  }
  box.append(h('div', { class: 'scroll' }, h('table', { test: 'odds-table' },
    h('tr', {}, h('th', {}, ''), h('th', {}, t('prediction')), h('th', { class: 'num' }, t('wins_alone')), h('th', { class: 'num' }, t('shares_first'))),
    session.odds.players.map((p, i) => h('tr', {},
      h('td', {}, session.players[i].name),
      h('td', { class: `pred-${p.prediction}` }, t(p.prediction)),
      h('td', { class: 'num', title: p.wins_alone, test: `odds-alone-${i}` }, fmtPercent(100 * p.wins_alone_decimal, 2)),
      h('td', { class: 'num', title: p.shares_first }, fmtPercent(100 * p.shares_first_decimal, 3)))))));
  if (session.chart) box.append(h('h3', {}, t('chart_title')), svgImage(session.chart, t('chart_title'), 'odds-chart'));
  return box;
}
