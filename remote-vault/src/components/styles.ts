/** The vault's layout rules (mosaic grid, drop highlight, 375px phones). */
export const vaultStyles = `
.od-vault { padding: 8px 0 24px; min-height: 60vh; border: 2px dashed transparent; border-radius: 8px; }
.od-vault-dragging { border-color: #5b3cc4; background: rgba(91, 60, 196, 0.04); }
.od-vault-head { display: flex; align-items: baseline; justify-content: space-between; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
.od-vault-toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
.od-vault-spacer { flex: 1 1 auto; }
.od-vault-crumbs { margin-bottom: 16px; }
.od-vault-mosaic { display: grid; grid-template-columns: repeat(auto-fill, minmax(140px, 1fr)); gap: 12px; }
.od-vault-tile { position: relative; display: flex; flex-direction: column; align-items: center; gap: 6px; padding: 16px 8px 12px; border: 1px solid #e6e3f0; border-radius: 10px; background: #fff; cursor: pointer; user-select: none; }
.od-vault-tile:hover, .od-vault-tile:focus { border-color: #5b3cc4; outline: none; box-shadow: 0 2px 8px rgba(91, 60, 196, 0.12); }
.od-vault-tile-menu { position: absolute; top: 4px; right: 4px; }
.od-vault-tile-name { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 500; }
.od-vault-tile-meta { color: #888; font-size: 12px; }
.od-vault-hint { margin-top: 16px; font-size: 12px; }
@media (max-width: 600px) {
  .od-vault-mosaic { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
  .od-vault-toolbar > .ant-select, .od-vault-toolbar > .ant-segmented { flex: 1 1 45%; }
  .od-vault-spacer { display: none; }
}
`;
