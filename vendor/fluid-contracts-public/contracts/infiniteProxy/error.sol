//SPDX-License-Identifier: MIT
pragma solidity >=0.8.21 <=0.8.29;

contract Error {
    error FluidInfiniteProxyError(uint256 errorId_);
}
