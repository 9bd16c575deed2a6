// The floor's dynamic provider: nothing but what the engine needs. create makes up an id and returns the
// inputs (with the kind's output-only properties, bench/floor/shapes.js) as outputs; read returns what
// it got; diff compares the inputs with the stored values; update returns the new inputs over the old
// outputs; delete does nothing. One module-level object per kind, built once per provider process; the
// state's `__provider` is a factory requiring this file (bench/floor/index.js), as the package's is.
"use strict";
const { made } = require("./shapes");

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const providers = {};

function provider(kind) {
  return (providers[kind] ??= {
    async create(inputs) {
      const { id, outs } = made(kind, inputs);
      return { id, outs: { ...inputs, ...outs } };
    },
    async read(id, props) {
      return { id, props };
    },
    async diff(id, olds, news) {
      const changed = Object.keys(news).filter((k) => k !== "__provider" && !same(olds[k], news[k]));
      return { changes: changed.length > 0 };
    },
    async update(id, olds, news) {
      return { outs: { ...olds, ...news } };
    },
    async delete() {},
  });
}

module.exports = { provider };
