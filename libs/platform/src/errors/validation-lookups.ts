import { getMetadataStorage, type MetadataStorage } from 'class-validator';

/** A rule of a class's property as class-validator keeps it. */
type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Grouped = Record<string, ValidationMetadata[]>;

const cached = new WeakSet<MetadataStorage>();

/**
 * class-validator looks up a class's rules again for every object it checks: it walks every class that has rules
 * (to find inherited ones) and groups the result by property. With every service's request classes in one process,
 * that walk was the largest part of checking a sale's body. The rules are fixed once their classes are loaded, so
 * each lookup is kept per class and options, and all are dropped when a rule is added (a class loaded later).
 */
export function cacheValidationLookups(storage: MetadataStorage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  let targets = new Map<Function | string, Map<string, ValidationMetadata[]>>();
  let groups = new WeakMap<ValidationMetadata[], Grouped>();
  const forget = () => {
    targets = new Map();
    groups = new WeakMap();
  };

  const addValidationMetadata = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    forget();
    addValidationMetadata(metadata);
  };
  const addValidationSchema = storage.addValidationSchema.bind(storage);
  storage.addValidationSchema = (schema) => {
    forget();
    addValidationSchema(schema);
  };

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groupNames) => {
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${groupNames?.join('\u0001') ?? ''}`;
    let byOptions = targets.get(target);
    if (!byOptions) targets.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookUp(target, schema, always, strictGroups, groupNames)));
    return found;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let found = groups.get(metadata);
    if (!found) groups.set(metadata, (found = group(metadata)));
    return found;
  };
}
