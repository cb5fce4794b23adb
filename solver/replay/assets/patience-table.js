/* The patience table: reserve, stock, foundations and waste piles of one frame. Drawn by
   the replay page (patience.js) and the play page alike: `patienceTable(rules).draw(frame,
   move)` draws a frame into #table, marking where `move` (the move that led to it, or
   null) took its card from and put it. */
function patienceTable(rules) {
  const table = document.getElementById("table");
  const OFFSET = 32;  /* px between fanned cards, less when a pile is long */

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

  function fan(container, names, options) {
    const width = options.width || 600;
    container.innerHTML = "";
    const n = names.length + (options.ghost ? 1 : 0);
    const offset = n > 1 ? Math.min(OFFSET, (width - 60) / (n - 1)) : 0;
    names.forEach((name, i) => {
      const card = cardEl(name, options.moved && i === names.length - 1 ? "moved" : "");
      card.style.left = (i * offset) + "px";
      container.appendChild(card);
    });
    if (options.ghost) {
      const ghost = cardEl(options.ghost, "ghost");
      ghost.style.left = (names.length * offset) + "px";
      container.appendChild(ghost);
    }
    if (!names.length && !options.ghost) container.appendChild(el("div", "slot"));
  }

  function draw(frame, move) {
    const width = waste.querySelector(".fan").clientWidth;  /* read once: no layout per pile */
    const from = move ? move.from : null, to = move ? move.to : null;
    document.querySelectorAll(".source, .target").forEach(n => n.classList.remove("source", "target"));

    const reserve = document.getElementById("reserve");
    reserve.dataset.top = frame.r;
    reserve.dataset.count = String(frame.rn);
    const rFan = reserve.querySelector(".fan");
    fan(rFan, frame.r ? [frame.r] : [], { ghost: from === "reserve" ? move.c : null });
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
    fan(stock.querySelector(".fan"), next.slice(0, 1), { ghost: from === "stock" ? move.c : null });
    stock.querySelector(".count").textContent = frame.sn ? frame.sn + " to turn" : "empty";
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
      fan(pile.querySelector(".fan"), cards(frame.w[i]),
          { moved: to === name, ghost: from === name ? move.c : null, width: width });
      if (to === name) pile.classList.add("target");
      if (from === name) pile.classList.add("source");
    });
  }

  return { draw: draw };
}
