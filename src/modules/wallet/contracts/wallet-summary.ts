/** An agent's wallet figures (available, held, deposited...), for modules that tell the agent about them. */
export { walletSummary, type WalletSummary } from '../queries/wallet-read.js';
