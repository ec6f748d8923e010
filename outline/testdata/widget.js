// A widget and its helpers.
const DEFAULTS = { size: 10 };

class Widget {
  #id = 0;

  constructor(name) {
    this.name = name;
  }

  render() {
    const inner = () => `<div>${this.name}</div>`;
    return inner();
  }

  static of(name) {
    return new Widget(name);
  }
}

function mount(el, widget) {
  function clear() {
    el.innerHTML = "";
  }
  clear();
  el.innerHTML = widget.render();
}

const unmount = (el) => {
  el.innerHTML = "";
};

const helpers = function () {
  return DEFAULTS;
};

export async function* pages() {
  yield 1;
}

module.exports = { Widget, mount, unmount };
