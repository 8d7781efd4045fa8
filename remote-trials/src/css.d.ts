/** CSS files are imported as text (asset/source) and injected where needed. */
declare module '*.css' {
  const text: string;
  export default text;
}
