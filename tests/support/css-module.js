// CSS Modules in tests: each class name stands for itself.
export default new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' ? key : undefined) },
);
