/* The patience table: reserve, stock, foundations and waste piles of one frame. Drawn by
   the replay page (patience.js) and the play page alike: `patienceTable(rules).draw(frame,
   move)` draws a frame into #table, marking where `move` (the move that led to it, or
   null) took its card from (the place's name in gold: no copy of the card stays behind,
   which would look like a card left there) and the card where it went. */
function patienceTable(rules) {
  const table = document.getElementById("table");

  table.innerHTML =
    '<div class="top-row">' +
    '<div class="area" id="reserve"><div class="label">Reserve</div><div class="fan"></div><div class="count"></div></div>' +
    '<div class="area" id="stock"><div class="label">Stock</div><div class="beside"><div class="fan"></div><div><div class="count"></div><div class="preview"></div></div></div></div>' +
    '<div class="area" id="foundations"><div class="label">Foundations</div><div class="row"></div></div>' +
    '</div><div class="label">Waste piles</div><div id="waste"></div>';
  const waste = document.getElementById("waste");
  for (let i = 1; i <= rules.waste; i++) {
    const pile = el("div", "pile");
    pile.dataset.pile = String(i);
    pile.appendChild(el("span", "name", String(i)));
    pile.appendChild(el("div", "fan"));
    waste.appendChild(pile);
  }
  const fRow = document.querySelector("#foundations .row");
  for (let i = 1; i <= rules.foundations; i++) {
    const slot = el("div", "foundation");
    slot.dataset.slot = String(i);
    fRow.appendChild(slot);
  }

  /* The sizes the style sheet sets (page.css: --cw, --ch, --fan, --fan-tight, --fan-row),
     read at each draw since they change with the window. */
  function sizes() {
    const style = getComputedStyle(table);
    const px = name => parseFloat(style.getPropertyValue(name));
    return { cw: px("--cw"), ch: px("--ch"), step: px("--fan"), tight: px("--fan-tight"),
             row: px("--fan-row") };
  }

  /* Cards left to right, bottom card first, `size.step` apart, closer when the row is
     full; a pile too long for one row at `size.tight` (the least that shows a card's rank
     and suit) goes on in further rows, each `size.row` lower, so every card's corner stays
     readable and the top card, last, is whole. */
  function fan(container, names, size, options) {
    container.innerHTML = "";
    container.style.height = "";
    if (!names.length) { container.appendChild(el("div", "slot")); return; }
    const room = Math.max(0, (options.width || 600) - size.cw);
    const rows = Math.ceil(names.length / (Math.floor(room / size.tight) + 1));
    const perRow = Math.ceil(names.length / rows);
    const offset = perRow > 1 ? Math.min(size.step, room / (perRow - 1)) : 0;
    names.forEach((name, i) => {
      const card = cardEl(name, options.moved && i === names.length - 1 ? "moved" : "");
      card.style.left = (i % perRow) * offset + "px";
      card.style.top = Math.floor(i / perRow) * size.row + "px";
      container.appendChild(card);
    });
    if (rows > 1) container.style.height = (rows - 1) * size.row + size.ch + "px";
  }

  function draw(frame, move) {
    const width = waste.querySelector(".fan").clientWidth;  /* read once: no layout per pile */
    const size = sizes();
    const from = move ? move.from : null, to = move ? move.to : null;
    document.querySelectorAll(".source, .target").forEach(n => n.classList.remove("source", "target"));

    const reserve = document.getElementById("reserve");
    reserve.dataset.top = frame.r;
    reserve.dataset.count = String(frame.rn);
    const rFan = reserve.querySelector(".fan");
    fan(rFan, frame.r ? [frame.r] : [], size, {});
    if (frame.rn > 1) {
      for (const b of ["b2", "b1"]) rFan.insertBefore(el("div", "card back beneath " + b), rFan.firstChild);
    }
    reserve.querySelector(".count").textContent =
      frame.rn ? (frame.rn - 1) + " beneath" : (rules.reserve ? "empty" : "none");
    if (from === "reserve") reserve.classList.add("source");

    const stock = document.getElementById("stock");
    const next = cards(frame.s);
    stock.dataset.next = next.length ? next[0] : "";
    stock.dataset.count = String(frame.sn);
    fan(stock.querySelector(".fan"), next.slice(0, 1), size, {});
    /* The cards still face down after the turned one: `frog hint`'s count and words. */
    stock.querySelector(".count").textContent =
      frame.sn ? counted(frame.sn - 1, "card") + " left in the stock" : "empty";
    const preview = stock.querySelector(".preview");
    preview.innerHTML = "";
    if (next.length > 1) {
      preview.appendChild(el("span", "", "then"));
      next.slice(1).forEach(name => preview.appendChild(chipEl(name)));
      if (frame.sn > next.length) preview.appendChild(el("span", "", "\u2026"));
    }
    if (from === "stock") stock.classList.add("source");

    document.querySelectorAll("#foundations .foundation").forEach((slot, i) => {
      const top = frame.f[i];
      slot.dataset.top = top;
      slot.innerHTML = "";
      slot.appendChild(top ? cardEl(top, to === "f" + (i + 1) ? "moved" : "") : el("div", "slot"));
    });
    if (to && to[0] === "f") document.getElementById("foundations").classList.add("target");

    document.querySelectorAll("#waste .pile").forEach((pile, i) => {
      const name = "w" + (i + 1);
      pile.dataset.cards = frame.w[i];
      fan(pile.querySelector(".fan"), cards(frame.w[i]), size,
          { moved: to === name, width: width });
      if (to === name) pile.classList.add("target");
      if (from === name) pile.classList.add("source");
    });
  }

  return { draw: draw };
}
