function helperA(): number {
  return 1;
}

function helperB(): number {
  return 2;
}

// work calls two helpers, and three functions call it.
export function work(): number {
  return helperA() + helperB();
}

export function one(): number {
  return work();
}

export function two(): number {
  return work() * 2;
}

export function three(): number {
  return work() + 3;
}
