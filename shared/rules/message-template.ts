/**
 * Rule messages with `{actual}` and `{target}` placeholders (spec 001 §2.18), split once when the
 * phase is compiled so that filling one is a few concatenations.
 */

export interface MessageTemplate {
  /** Literal text around the placeholders: one more piece than there are placeholders. */
  pieces: readonly string[];
  /** Each placeholder in order: true for `{actual}`, false for `{target}`. */
  actual: readonly boolean[];
}

const PLACEHOLDER = /\{(actual|target)\}/g;

export function compileMessage(text: string): MessageTemplate {
  const pieces: string[] = [];
  const actual: boolean[] = [];
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    pieces.push(text.slice(from, match.index));
    actual.push(match[1] === 'actual');
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return { pieces, actual };
}

/**
 * Writes one rule's values into its messages. Remembers the last text of each placeholder: a rule's
 * target rarely changes and many actuals repeat (no offending fill), and formatting money is the
 * costly part of a message.
 */
export class MessageRenderer {
  private lastActual: number | null = null;
  private lastActualText = '-';
  private lastTarget: number | null = null;
  private lastTargetText = '-';
  private lastTemplate: MessageTemplate | null = null;
  private lastText = '';

  constructor(private readonly format: (value: number) => string) {}

  /**
   * Fills the placeholders; a missing value reads '-', as the screens show non-numbers. `actualText`,
   * when given, is written for `{actual}` instead (a rule whose telling value is not its number).
   */
  render(
    template: MessageTemplate,
    actual: number | null,
    target: number | null,
    actualText?: string,
  ): string {
    const { pieces } = template;
    if (pieces.length === 1) return pieces[0]!;
    if (actualText !== undefined) {
      // Rare (a breach): formatted apart, leaving the memo of the numeric values alone.
      const targetText = target === null ? '-' : this.format(target);
      let text = pieces[0]!;
      for (let index = 0; index < template.actual.length; index += 1) {
        text += (template.actual[index] ? actualText : targetText) + pieces[index + 1]!;
      }
      return text;
    }
    if (
      template === this.lastTemplate &&
      actual === this.lastActual &&
      target === this.lastTarget
    ) {
      return this.lastText;
    }
    let text = pieces[0]!;
    for (let index = 0; index < template.actual.length; index += 1) {
      const value = template.actual[index] ? this.actualText(actual) : this.targetText(target);
      text += value + pieces[index + 1]!;
    }
    // Both placeholders are now formatted, so the memo is keyed on both values.
    this.actualText(actual);
    this.targetText(target);
    this.lastTemplate = template;
    this.lastText = text;
    return text;
  }

  private actualText(value: number | null): string {
    if (value !== this.lastActual) {
      this.lastActual = value;
      this.lastActualText = value === null ? '-' : this.format(value);
    }
    return this.lastActualText;
  }

  private targetText(value: number | null): string {
    if (value !== this.lastTarget) {
      this.lastTarget = value;
      this.lastTargetText = value === null ? '-' : this.format(value);
    }
    return this.lastTargetText;
  }
}
