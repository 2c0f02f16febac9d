import { describe, expect, it } from 'vitest';

import { elementText, xmlDocument, xmlText } from './xml.js';

describe('XML for web-lead posts', () => {
  it('escapes markup characters so a value can never open or close an element', () => {
    expect(xmlText(`Ana <b>"Lu"</b> & O'Brien`)).toBe('Ana &lt;b&gt;&quot;Lu&quot;&lt;/b&gt; &amp; O&apos;Brien');
    expect(xmlText('</FirstName><Admin>1</Admin>')).toBe('&lt;/FirstName&gt;&lt;Admin&gt;1&lt;/Admin&gt;');
    expect(xmlText('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML 1.0 cannot carry, keeping tabs, newlines and any Unicode letter', () => {
    expect(xmlText('a\u0000b\u0007c\u001Fd\tE\nF\rG\uFFFEh\uD800i')).toBe('abcd\tE\nF\rGhi');
    expect(xmlText('José 😀 Ñandú')).toBe('José 😀 Ñandú');
  });

  it('writes a document whose values read back unchanged, and refuses an element name that is not one', () => {
    const document = xmlDocument('Lead', [
      ['FirstName', `Ana <b>"Lu"</b>`],
      ['Notes', 'x & y'],
    ]);
    expect(document).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Lead><FirstName>Ana &lt;b&gt;&quot;Lu&quot;&lt;/b&gt;</FirstName><Notes>x &amp; y</Notes></Lead>',
    );
    expect(elementText(document, 'FirstName')).toBe(`Ana <b>"Lu"</b>`);
    for (const bad of ['First Name', '1st', 'a<b', 'xmlThing', 'ns:Name', ''])
      expect(() => xmlDocument('Lead', [[bad, 'v']])).toThrow('cannot be an XML element name');
  });

  it('reads VanillaSoft’s answer elements, any case, entities and CDATA decoded', () => {
    expect(elementText('<ReturnValue>Success</ReturnValue>', 'ReturnValue')).toBe('Success');
    expect(elementText('<returnvalue>FAILURE</returnvalue><ReturnReason>Phone &amp; e-mail &#60;missing&#x3E;</ReturnReason>', 'ReturnReason')).toBe(
      'Phone & e-mail <missing>',
    );
    expect(elementText('<ReturnReason><![CDATA[a < b]]></ReturnReason>', 'ReturnReason')).toBe('a < b');
    expect(elementText('<html>Server Error</html>', 'ReturnValue')).toBeNull();
  });
});
