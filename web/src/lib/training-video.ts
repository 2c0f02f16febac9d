/**
 * Opens the training-video site in a new tab. The server checks the access first and sends
 * only work-account and elevated users on (the URL is not in the web app).
 */
export function openTrainingVideo(): void {
  window.open('/api/training/video', '_blank', 'noopener,noreferrer');
}
