/*
 * nbteach-lab: the slide deck presents one document.
 *
 * jupyterlab-deck 0.2.0 keeps "deck mode" on for the whole JupyterLab: once a teacher has
 * started it on a lesson, every document opened or activated after (the homework, from the file
 * browser or from a link in the lesson) is presented as slides too (DeckManager's handler of
 * the shell's activeChanged stops the presenter of the previous document and starts one on the
 * new). The deck has no setting for this.
 *
 * This plugin stops the deck (IDeckManager.stop, as its own button does) as soon as the deck
 * has moved to a different document than the one it was started on, and does nothing else:
 * the document being presented is presented as before, a side panel taking the focus (the file
 * browser) changes nothing, and a deck started again starts on the document it is started on.
 * The deck has already stopped presenting the previous document when it moves, so that one is
 * left as a plain notebook.
 */
import { IDeckManager } from '@deathbeds/jupyterlab-deck';

/** body's data-jp-deck-mode while the deck is on (jupyterlab-deck's DATA.deckMode/presenting) */
const MODE = 'data-jp-deck-mode';

function presenting() {
  return document.body.getAttribute(MODE) === 'presenting';
}

/** the document a widget shows (its context), or null for what is not a document */
function documentOf(widget) {
  const context = widget && !widget.isDisposed ? widget.context : null;
  return context && typeof context.path === 'string' ? context : null;
}

const plugin = {
  id: 'nbteach-lab:deck-one-document',
  description: 'Stops the slide deck when another document than the one presented is opened or activated.',
  autoStart: true,
  optional: [IDeckManager],
  activate: (app, decks) => {
    if (!decks) {
      return; // jupyterlab-deck is not installed or is disabled: nothing to do
    }
    let presented = null; // the document the deck was started on
    let pending = false;

    const stopIfMoved = () => {
      if (!presenting()) {
        presented = null;
        return;
      }
      const shown = documentOf(decks.activeWidget);
      if (shown === null) {
        return; // a side panel, the launcher: not a document
      }
      if (presented === null) {
        presented = shown;
        return;
      }
      if (shown === presented || pending) {
        return;
      }
      // after the deck's own handler has finished moving to the new document (it goes on
      // awaiting after it signals): stopping in the middle would leave that one half-presented
      pending = true;
      setTimeout(() => {
        pending = false;
        const now = documentOf(decks.activeWidget);
        if (presenting() && now !== null && now !== presented) {
          presented = null;
          void decks.stop();
        }
      }, 0);
    };

    decks.activeChanged.connect(stopIfMoved);
    // the deck's stop signals nothing: its mark on the page says when it goes off (and on)
    new MutationObserver(() => {
      presented = presenting() ? documentOf(decks.activeWidget) : null;
    }).observe(document.body, { attributes: true, attributeFilter: [MODE] });
  }
};

export default plugin;
