export { startServiceProcess, waitForLine, freePort, serviceMain, type ServiceProcess } from '@crm/system';
