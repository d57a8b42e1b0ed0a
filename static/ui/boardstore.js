// The player's board files, kept on this device: IndexedDB database
// "asl-los-boards", store "boards", one record per imported board, keyed by its
// source (docs/contract.md "Real boards"):
//   {source, board, version, file, bytes: ArrayBuffer, added}
// IndexedDB survives a reload, an update of the app (the service worker's
// caches are per build; this is not) and a restart with no network. The
// bytes never leave the device: the worker's Python imports them again on
// each start (static/ui/boardlib.js).

const DB = "asl-los-boards";
const STORE = "boards";

let opened = null;
function db() {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "source" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the board store is blocked by another tab"));
  });
  opened.catch(() => { opened = null; });    // tried again next time
  return opened;
}

function run(mode, fn) {
  return db().then((d) => new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("the board store refused the change"));
  }));
}

// Every kept board, oldest first.
export async function all() {
  const rows = await run("readonly", (s) => s.getAll());
  return (rows ?? []).sort((a, b) => a.added - b.added);
}

export function get(source) {
  return run("readonly", (s) => s.get(source));
}

export function put(record) {
  return run("readwrite", (s) => s.put(record));
}

export function remove(source) {
  return run("readwrite", (s) => s.delete(source));
}
