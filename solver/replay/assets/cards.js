"use strict";
/* Card drawing, shared by every page (the replay pages of both games and the play page).
   No rules live here: every position shown is one the Python rules engine computed. */
const SUIT_SYMBOL = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardColour(name) { return "DH".includes(name[1]) ? "red" : "black"; }
function rankText(name) { return name[0] === "T" ? "10" : name[0]; }

/* A card face: rank and suit in the corner (visible when fanned), a large suit pip. */
function cardEl(name, extra) {
  const card = el("div", "card " + cardColour(name) + (extra ? " " + extra : ""));
  card.dataset.card = name;
  card.title = name;
  const idx = el("span", "idx", rankText(name));
  idx.appendChild(el("i", "", SUIT_SYMBOL[name[1]]));
  card.appendChild(idx);
  card.appendChild(el("span", "pip", SUIT_SYMBOL[name[1]]));
  return card;
}

/* A small inline card name, for the move list and captions. */
function chipEl(name) {
  return el("span", "chip " + cardColour(name), rankText(name) + SUIT_SYMBOL[name[1]]);
}

function cards(text) { return text ? text.split(" ") : []; }

/* "1 card", "3 cards". */
function counted(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
