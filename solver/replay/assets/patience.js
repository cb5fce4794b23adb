/* The patience replay page: the table (patience-table.js) stepped through the embedded
   frames, the move list and the caption. */
(function () {
  const list = document.getElementById("list");
  const rules = DATA.rules;
  const table = patienceTable(rules);

  /* The move list: one row per move, in words; a refused move last, in red. */
  const ol = el("ol");
  const start = el("li", "", "");
  start.dataset.step = "0";
  start.appendChild(el("span", "num", "0."));
  start.appendChild(el("span", "words", "the deal"));
  ol.appendChild(start);
  DATA.moves.forEach((move, i) => {
    const li = el("li");
    li.dataset.step = String(i + 1);
    li.appendChild(el("span", "num", (i + 1) + "."));
    li.appendChild(chipEl(move.c));
    li.appendChild(el("span", "words", move.d));
    ol.appendChild(li);
  });
  if (DATA.refusal) {
    const li = el("li", "illegal");
    li.dataset.step = String(DATA.moves.length);
    li.appendChild(el("span", "num", "\u2717"));
    li.appendChild(el("span", "words", "line " + DATA.refusal.line + " is illegal: " + DATA.refusal.reason));
    ol.appendChild(li);
  }
  list.appendChild(ol);
  if (!DATA.moves.length && !DATA.refusal) {
    /* No line to follow: the whole deal, every card in order, since open play knows them. */
    const whole = el("div", "whole");
    for (const [label, text] of [["Reserve, bottom to top (the last is playable)", DATA.deal.reserve],
                                 ["Stock, the next card first", DATA.deal.stock]]) {
      whole.appendChild(el("div", "head", label));
      const row = el("div", "chips");
      cards(text).forEach(name => row.appendChild(chipEl(name)));
      if (!text) row.appendChild(el("span", "", "none"));
      whole.appendChild(row);
    }
    list.appendChild(whole);
  }

  function draw(step) {
    const frame = DATA.frames[step];
    const move = step > 0 ? DATA.moves[step - 1] : null;
    table.draw(frame, move);
    const caption = document.getElementById("caption");
    caption.innerHTML = "";
    if (move) {
      caption.appendChild(el("span", "", "Move " + step + ": "));
      caption.appendChild(chipEl(move.c));
      caption.appendChild(el("span", "", " " + move.d));
    } else if (DATA.moves.length) {
      caption.textContent = "The deal: " + counted(frame.rn, "card") + " in the reserve, " +
        frame.sn + " in the stock. Step with \u2190 \u2192, or press play.";
    } else {
      caption.textContent = "The deal as dealt: " + counted(frame.rn, "card") +
        " in the reserve, " + frame.sn + " in the stock; the whole order is listed on the right.";
    }
    if (step === DATA.moves.length) {
      if (DATA.won) caption.appendChild(el("span", "won", "Won: all " + rules.cards + " cards are up"));
      if (DATA.refusal) {
        caption.appendChild(el("span", "illegal", "  Next, line " + DATA.refusal.line +
          " is illegal: " + DATA.refusal.reason));
      }
    }
  }

  startReplay(DATA.moves.length, draw);
  window.addEventListener("resize", () => draw(Number(document.body.dataset.step)));
})();
