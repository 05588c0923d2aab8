/** What a finished action tells the purchases screen: a text key of the catalogue and its values. */
export interface Notice {
  key: string;
  values?: Record<string, string | number>;
}
