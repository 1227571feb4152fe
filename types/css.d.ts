/** CSS Modules (esbuild's local-css loader) export their class names. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Global stylesheets are imported for their side effect only. */
declare module '*.css';
