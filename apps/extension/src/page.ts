/**
 * The two functions the service worker runs in the page, only when the user acts (chrome.scripting with
 * the activeTab grant). Each is serialised on its own: no imports, nothing from outside its body. What the
 * first one found is kept in the extension's isolated world of that page, never visible to the page.
 */

export interface Captured {
  text: string;
  target: 'field' | 'rich' | 'page' | 'canvas';
}

export function captureSelection(jobId: string): Captured {
  type Kept = {
    id: string;
    text: string;
    el?: HTMLInputElement | HTMLTextAreaElement;
    start?: number;
    end?: number;
    range?: Range;
    root?: HTMLElement;
  };
  const w = window as unknown as { __plainspoken?: Kept };
  w.__plainspoken = undefined;
  const active = document.activeElement;
  const textInput = (el: Element | null): el is HTMLInputElement | HTMLTextAreaElement =>
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && ['text', 'search', 'email', 'url', ''].includes(el.type));
  if (textInput(active) && active.selectionStart !== null && active.selectionEnd !== null) {
    const start = active.selectionStart;
    const end = active.selectionEnd;
    if (end > start) {
      const text = active.value.slice(start, end);
      const writable = !active.readOnly && !active.disabled;
      w.__plainspoken = { id: jobId, text, el: active, start, end };
      return { text, target: writable ? 'field' : 'page' };
    }
  }
  const sel = window.getSelection();
  const text = sel ? sel.toString() : '';
  if (sel && text.trim() && sel.rangeCount > 0) {
    const node = sel.anchorNode;
    const el = node ? (node.nodeType === Node.ELEMENT_NODE ? (node as HTMLElement) : node.parentElement) : null;
    if (el && el.isContentEditable) {
      let root: HTMLElement = el;
      while (root.parentElement && root.parentElement.isContentEditable) root = root.parentElement;
      w.__plainspoken = { id: jobId, text, range: sel.getRangeAt(0).cloneRange(), root };
      return { text, target: 'rich' };
    }
    return { text, target: 'page' };
  }
  // Editors that draw their text on a canvas (Google Docs and the like) keep no selection the page can read.
  const canvasEditor =
    document.querySelector('.kix-appview-editor, .docs-texteventtarget-iframe') !== null ||
    (active instanceof HTMLIFrameElement && /texteventtarget/.test(active.className)) ||
    active instanceof HTMLCanvasElement;
  return { text: '', target: canvasEditor ? 'canvas' : 'page' };
}

export interface Replaced {
  ok: boolean;
  undoable: boolean;
  reason?: 'gone' | 'changed';
}

/** Puts `text` in place of what captureSelection kept: the page's own editing command first, so Undo works. */
export function replaceSelection(jobId: string, text: string): Replaced {
  type Kept = {
    id: string;
    text: string;
    el?: HTMLInputElement | HTMLTextAreaElement;
    start?: number;
    end?: number;
    range?: Range;
    root?: HTMLElement;
  };
  const kept = (window as unknown as { __plainspoken?: Kept }).__plainspoken;
  if (!kept || kept.id !== jobId) return { ok: false, undoable: false, reason: 'gone' };
  if (kept.el && kept.start !== undefined && kept.end !== undefined) {
    const el = kept.el;
    const start = kept.start;
    const end = kept.end;
    if (!el.isConnected) return { ok: false, undoable: false, reason: 'gone' };
    if (el.value.slice(start, end) !== kept.text) return { ok: false, undoable: false, reason: 'changed' };
    el.focus();
    el.setSelectionRange(start, end);
    const original = el.value;
    const expected = original.slice(0, start) + text + original.slice(end);
    let undoable = false;
    try {
      // The page's own editing command: it lands in the field's Undo history.
      undoable = document.execCommand('insertText', false, text) && el.value === expected;
    } catch {
      undoable = false;
    }
    if (!undoable) {
      el.value = original; // whatever a half-done command left
      el.setRangeText(text, start, end, 'end');
      el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: text }));
    }
    (window as unknown as { __plainspoken?: Kept }).__plainspoken = undefined;
    return { ok: true, undoable };
  }
  if (kept.range && kept.root) {
    const range = kept.range;
    if (!kept.root.isConnected) return { ok: false, undoable: false, reason: 'gone' };
    if (range.toString() !== kept.text) return { ok: false, undoable: false, reason: 'changed' };
    kept.root.focus();
    const sel = window.getSelection();
    if (!sel) return { ok: false, undoable: false, reason: 'gone' };
    sel.removeAllRanges();
    sel.addRange(range);
    let undoable = false;
    try {
      undoable = document.execCommand('insertText', false, text);
    } catch {
      undoable = false;
    }
    if (!undoable) {
      range.deleteContents();
      range.insertNode(document.createTextNode(text));
      kept.root.dispatchEvent(
        new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: text }),
      );
    }
    (window as unknown as { __plainspoken?: Kept }).__plainspoken = undefined;
    return { ok: true, undoable };
  }
  return { ok: false, undoable: false, reason: 'gone' };
}
