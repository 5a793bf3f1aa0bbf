import Dexie, { type EntityTable } from 'dexie';

/** A persisted key-value pair (the query cache lives here as one serialized value). */
export interface KeyValue {
  key: string;
  value: string;
}

/** The app's one IndexedDB database. Components never use it directly; feature hooks do. */
export class AppDatabase extends Dexie {
  keyValues!: EntityTable<KeyValue, 'key'>;

  constructor(name = 'boligtilgaengelighed') {
    super(name);
    this.version(1).stores({ keyValues: 'key' });
  }
}

let instance: AppDatabase | null = null;

export function appDatabase(): AppDatabase {
  instance ??= new AppDatabase();
  return instance;
}
