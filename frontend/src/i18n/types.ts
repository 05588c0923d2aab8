/** The same shape with every text a string: what a translation of a catalogue must provide. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
