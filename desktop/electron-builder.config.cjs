// electron-builder: Windows (NSIS) and Linux (AppImage, deb) installers of the Electron shell, with the staged
// all-in-one server (scripts/stage-server.mjs) as resources/server. Update files (latest*.yml) are written for the
// generic feed when DUKAN_UPDATE_URL is set at build time; the installed app checks the feed its own configuration names.
const updateUrl = process.env.DUKAN_UPDATE_URL;

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'app.dukan.desktop',
  productName: 'Dukan',
  copyright: 'Dukan',
  directories: { output: 'dist', buildResources: 'build-resources' },
  files: ['package.json', 'src/main/**', 'src/preload/**', 'src/supervisor/**'],
  extraResources: [{ from: 'build/server', to: 'server' }],
  asar: true,
  win: { target: [{ target: 'nsis', arch: ['x64'] }] },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    createDesktopShortcut: true,
    shortcutName: 'Dukan',
  },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    maintainer: 'Dukan <support@dukan.app>',
    synopsis: 'Point of sale and shop management',
  },
  deb: { depends: [] },
  publish: updateUrl ? [{ provider: 'generic', url: updateUrl }] : null,
};
