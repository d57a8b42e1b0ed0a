// Files and links: setup JSON in and out, the map as SVG/PNG for a TD,
// and share links (docs/contract.md "Share links": "#s1." + base64url(deflate(JSON))).

export function download(filename, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function setupBlob(setup) {
  return new Blob([JSON.stringify(setup, null, 2) + "\n"], { type: "application/json" });
}

// The map as it is on screen, thread included, as a standalone SVG document.
export function svgText(svg) {
  const copy = svg.cloneNode(true);
  copy.removeAttribute("style");
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  return new XMLSerializer().serializeToString(copy);
}

export function pngBlob(svg, scale = 2) {
  const vb = svg.viewBox.baseVal;
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: "image/svg+xml" }));
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement("canvas");
      canvas.width = Math.ceil(vb.width * scale);
      canvas.height = Math.ceil(vb.height * scale);
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG export failed"))), "image/png");
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("PNG export failed: the map could not be drawn"));
    };
    img.src = url;
  });
}

export function shareUrl(fragment) {
  const base = location.href.split("#")[0];
  return `${base}#${String(fragment).replace(/^#/, "")}`;
}

// The link in the address bar, if any; it is then removed so that a reload
// restores the autosave (with later edits) rather than the old link.
export function takeLinkFromUrl() {
  const hash = location.hash;
  if (!hash || hash === "#") return null;
  history.replaceState(null, "", location.pathname + location.search);
  return hash;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
