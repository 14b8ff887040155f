/**
 * What a person reads in an e-mail's HTML part: the text of its elements,
 * entities decoded and white space (the preview line's zero-width padding
 * included) collapsed, so tests can assert on what is said in order.
 */
export function readable(html: string): string {
  return html
    .replace(/<head[\s\S]*?<\/head>/i, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#xa0;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/(?:[\s\u200b-\u200f\u00ad\ufeff]|\u034f)+/g, ' ');
}
