/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing (http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const textarea = document.createElement('textarea');
    textarea.value = text;
    textarea.setAttribute('readonly', '');
    textarea.style.position = 'fixed';
    textarea.style.opacity = '0';
    document.body.appendChild(textarea);
    textarea.select();
    // execCommand is deprecated but remains the only fallback outside secure contexts.
    const isCopied = document.execCommand('copy');
    textarea.remove();
    return isCopied;
  }
}
