// The browser shell's `window.dukanDesktop`: the same bridge the Electron preload gives, over the shell's own
// HTTP routes. Served by shell-server.mjs into every page before the app's scripts run.
(function (info) {
  'use strict';
  var base = '/__dukan';
  function answer(res) {
    return res.json().then(function (body) {
      if (!res.ok) throw new Error((body && body.message) || res.statusText);
      return body;
    });
  }
  function get(path) {
    return fetch(base + path, { cache: 'no-store' }).then(answer);
  }
  function post(path, body) {
    var headers = { 'X-Dukan-Shell': '1' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(base + path, { method: 'POST', headers: headers, body: body === undefined ? undefined : JSON.stringify(body) }).then(
      answer,
    );
  }
  var listeners = { status: [], log: [], update: [] };
  var source = null;
  function listen() {
    if (source) return;
    source = new EventSource(base + '/events');
    Object.keys(listeners).forEach(function (type) {
      source.addEventListener(type, function (event) {
        var data = JSON.parse(event.data);
        listeners[type].slice().forEach(function (listener) {
          listener(data);
        });
      });
    });
  }
  function on(type) {
    return function (listener) {
      listen();
      listeners[type].push(listener);
      return function () {
        listeners[type] = listeners[type].filter(function (l) {
          return l !== listener;
        });
      };
    };
  }
  var bridge = {
    version: info.version,
    platform: info.platform,
    shell: info.shell,
    getServerStatus: function () {
      return get('/status');
    },
    onServerStatus: on('status'),
    getServerPort: function () {
      return get('/status').then(function (s) {
        return s.port;
      });
    },
    getServerLogs: function () {
      return get('/logs');
    },
    onServerLog: on('log'),
    restartServer: function () {
      return post('/restart');
    },
    checkForUpdates: function () {
      return post('/updates/check');
    },
    onUpdateMessage: on('update'),
    getFirstRunAdmin: function () {
      return get('/first-run');
    },
    getPrinter: function () {
      return get('/printer').then(function (body) {
        return body.printer;
      });
    },
    printEscpos: function (bytes) {
      return fetch(base + '/print', {
        method: 'POST',
        headers: { 'X-Dukan-Shell': '1', 'Content-Type': 'application/octet-stream' },
        body: bytes,
      }).then(answer);
    },
    getBackups: function () {
      return get('/backups');
    },
    saveBackupSettings: function (choice) {
      return post('/backups/settings', choice);
    },
    backupNow: function () {
      return post('/backups/now', {});
    },
    restoreBackup: function (file, passphrase) {
      return post('/backups/restore', { file: file, passphrase: passphrase });
    },
    chooseBackupFolder: function () {
      return post('/backups/choose-folder', {});
    },
  };
  Object.defineProperty(window, 'dukanDesktop', { value: Object.freeze(bridge), enumerable: true });
  // eslint-disable-next-line no-undef -- the shell replaces this name with the window's facts before serving the file
})(__DUKAN_SHELL_INFO__);
